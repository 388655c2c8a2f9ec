import XCTest
import Kit

final class FormatterTests: XCTestCase {
    func testTitle() {
        XCTAssertEqual(Formatter().title, "Viewer")
    }
}
