import XCTest
@testable import App
import Kit

final class AppDelegateTests: XCTestCase {
    func testClient() {
        XCTAssertNotNil(AppDelegate().client as KitClient?)
    }
}
