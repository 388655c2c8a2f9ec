@testable import Notes
import XCTest

final class NotesTests: XCTestCase {
    func testApp() { _ = NotesApp() }
}
