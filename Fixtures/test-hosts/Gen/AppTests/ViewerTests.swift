import XCTest
@testable import Viewer
import Kit

final class ViewerTests: XCTestCase {
    func testTitle() {
        XCTAssertEqual(Formatter().title, "Viewer")
    }
}
