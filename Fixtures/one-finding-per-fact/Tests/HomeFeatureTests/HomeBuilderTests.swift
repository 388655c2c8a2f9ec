@testable import HomeFeature
import GachaFeature
import XCTest

final class HomeBuilderTests: XCTestCase {
    func testBuilds() {
        _ = HomeBuilder()
    }
}
