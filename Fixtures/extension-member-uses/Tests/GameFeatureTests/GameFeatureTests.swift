@testable import GameFeature
import Dependencies
import FileClient
import XCTest

final class GameFeatureTests: XCTestCase {
    func testResume() throws {
        XCTAssertNoThrow(try GameModel().resume())
        XCTAssertNotNil(DependencyValues().fileClient)
    }
}
