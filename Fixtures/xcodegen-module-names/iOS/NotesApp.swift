import Editor
import SwiftUI

struct NotesApp {
    let editor = EditorView()
}
