@testable import MyApp
import XCTest

final class AppTests: XCTestCase {
    func testDelegate() { _ = AppDelegate() }
}
