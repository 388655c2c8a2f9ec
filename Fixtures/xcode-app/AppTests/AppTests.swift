import XCTest
@testable import App

final class AppTests: XCTestCase {
    func testFormatterCountsItems() {
        XCTAssertEqual(ShareFormatter().text(for: "Photos", count: 2), "Photos: 2 items")
    }
}
