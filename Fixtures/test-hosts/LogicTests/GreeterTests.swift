import XCTest
import Core

final class GreeterTests: XCTestCase {
    func testGreets() {
        XCTAssertEqual(Greeter().greet(), "Hello")
    }
}
