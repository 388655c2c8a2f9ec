import Kit
import NeedleFoundation

protocol EditorDependency: Dependency {
    var noteStore: NoteStore { get }
}

/// Marked `nonisolated`: no finding.
nonisolated final class EditorComponent: Component<EditorDependency> {}
