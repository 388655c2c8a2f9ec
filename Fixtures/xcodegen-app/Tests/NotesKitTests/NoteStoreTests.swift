import XCTest
@testable import NotesKit

final class NoteStoreTests: XCTestCase {
    func testAddTakesTheFirstLineAsTitle() {
        let store = NoteStore()
        store.add(markdown: "Groceries\n- milk")
        XCTAssertEqual(store.notes.first?.title, "Groceries")
    }
}
