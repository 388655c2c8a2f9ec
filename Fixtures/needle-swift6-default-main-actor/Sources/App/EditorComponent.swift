import NeedleFoundation

/// Main-actor isolated by the target's default, members included: its provider's witness is `@MainActor`.
protocol EditorDependency: Dependency {
    var noteStore: NoteStore { get }
}

/// Declared off the main actor: its members are nonisolated.
nonisolated protocol EditorClockDependency: Dependency {
    var clock: Clock { get }
}

nonisolated final class EditorComponent: Component<EditorDependency> {
    @MainActor var noteCount: Int { dependency.noteStore.notes.count }
    var historyComponent: HistoryComponent { HistoryComponent(parent: self) }
}

nonisolated final class HistoryComponent: Component<EditorClockDependency> {}
