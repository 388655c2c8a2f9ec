import XCTest

final class GachaFeatureTests: XCTestCase {
    override func setUpWithError() throws {}

    func testExample() {
        XCTAssertEqual(1, 1)
    }
}
