import XCTest
import UIKit
import Common
@testable import ProfileFeature

private struct StubGachaBuilder: GachaBuildable {
    func build(campaignID: String) -> UIViewController { UIViewController() }
}

final class ProfileBuilderTests: XCTestCase {
    func testBuildsAProfileForTheUser() {
        let controller = ProfileBuilder(gachaBuilder: StubGachaBuilder()).build(userID: "42")
        XCTAssertEqual((controller as? ProfileViewController)?.userID, "42")
    }
}
