@testable import Core
import XCTest

final class ClientTests: XCTestCase {
    func testMakes() { _ = Client() }
}
