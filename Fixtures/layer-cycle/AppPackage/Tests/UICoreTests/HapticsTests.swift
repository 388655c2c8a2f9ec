import XCTest
@testable import UICore

final class HapticsTests: XCTestCase {
    func testTapDoesNotCrash() {
        Haptics.prepare()
        Haptics.tap()
    }
}
