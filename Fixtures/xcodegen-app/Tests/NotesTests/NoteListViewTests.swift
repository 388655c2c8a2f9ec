import NotesKit
import XCTest
@testable import Notes

/// Imports `NotesKit`, which NotesTests doesn't depend on (only `Notes` does): an undeclared import.
final class NoteListViewTests: XCTestCase {
    func testShowsTheStoresNotes() {
        let store = NoteStore()
        store.add(markdown: "# Title")
        XCTAssertEqual(NoteListView(store: store).store.notes.count, 1)
    }
}
