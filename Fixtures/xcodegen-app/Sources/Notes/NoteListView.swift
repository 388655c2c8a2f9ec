import NotesKit
import StoreKit
import SwiftUI

struct NoteListView: View {
    let store: NoteStore

    var body: some View {
        List(store.notes) { note in
            Text(note.title)
        }
        .toolbar { Button("Upgrade") {} }
    }
}
