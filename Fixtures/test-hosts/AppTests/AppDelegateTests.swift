import XCTest
@testable import My_App
import Core

final class AppDelegateTests: XCTestCase {
    func testGreets() {
        XCTAssertEqual(AppDelegate().greeter.greet(), Greeter().greet())
    }
}
