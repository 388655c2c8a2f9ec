import NotesKit

// Excluded by `Preview Content`: a folder excluded by name excludes what it holds.
enum PreviewNotes {
    static let sample = [Note(title: "Groceries", body: "- milk")]
}
