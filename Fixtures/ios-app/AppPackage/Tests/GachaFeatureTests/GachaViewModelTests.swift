import XCTest
@testable import GachaFeature

final class GachaViewModelTests: XCTestCase {
    func testDrawAppendsAPull() {
        let model = GachaViewModel()
        model.draw()
        XCTAssertEqual(model.pulls.count, 1)
    }
}
