import GenKit
import XCTest

final class GeneratorTests: XCTestCase {
    func testSampleProject() {
        XCTAssertEqual(Generator().generate("Tests/Fixtures/Sample/project.yml"), "Tests/Fixtures/Sample/project.yml")
    }
}
