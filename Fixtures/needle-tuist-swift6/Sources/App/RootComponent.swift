import Kit
import NeedleFoundation

/// App's default isolation is `MainActor` (Swift 6 through `settings:`): this subclass's initializers would be
/// main-actor isolated, overriding nonisolated ones.
final class RootComponent: BootstrapComponent {
    public var noteStore: NoteStore { shared { NoteStore() } }
    var editorComponent: EditorComponent { EditorComponent(parent: self) }
}
