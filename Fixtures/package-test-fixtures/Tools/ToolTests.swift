import ToolKit
import XCTest

final class ToolTests: XCTestCase {
    func testTool() { XCTAssertEqual(tool, 1) }
}
