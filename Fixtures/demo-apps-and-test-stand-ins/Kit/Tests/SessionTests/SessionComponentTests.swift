import NeedleFoundation
@testable import Session
import XCTest

final class SessionComponentTests: XCTestCase {
    func testBuildsOnAStandInParent() {
        let component = SessionComponent(parent: StandInScope())
        XCTAssertNotNil(component)
    }
}

protocol ProbeDependency: Dependency {}

final class ProbeComponent: Component<ProbeDependency> {}
