import Core
import XCTest

final class UserSessionTests: XCTestCase {
    func testKeepsTheUserID() {
        XCTAssertEqual(UserSession(userID: "a").userID, "a")
    }
}
