import NeedleFoundation

/// `nonisolated`: Component's initializers are nonisolated, so a main-actor subclass can't override them.
nonisolated final class RootComponent: BootstrapComponent {
    public var noteStore: NoteStore { shared { NoteStore() } }
    public var clock: Clock { shared { Clock() } }
    var editorComponent: EditorComponent { EditorComponent(parent: self) }
}
