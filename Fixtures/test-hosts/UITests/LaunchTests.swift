import XCTest
import Core

final class LaunchTests: XCTestCase {
    func testLaunches() {
        XCUIApplication().launch()
        _ = Greeter()
    }
}
