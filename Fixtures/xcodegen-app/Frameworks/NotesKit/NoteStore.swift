import Markdown
import Observation

@Observable
public final class NoteStore {
    public private(set) var notes: [Note] = []

    public init() {}

    public func add(markdown text: String) {
        let document = Document(parsing: text)
        notes.append(Note(title: document.format().split(separator: "\n").first.map(String.init) ?? "", body: text))
    }
}
