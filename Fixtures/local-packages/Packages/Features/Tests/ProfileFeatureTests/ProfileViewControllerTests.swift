import XCTest
@testable import ProfileFeature

final class ProfileViewControllerTests: XCTestCase {
    func testTitleComesFromHome() {
        XCTAssertNotNil(ProfileViewController.self)
    }
}
