import XCTest
import Kit

final class GreeterTests: XCTestCase {
    func testClient() {
        XCTAssertNotNil(KitClient(session: nil))
    }
}
