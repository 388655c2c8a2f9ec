import NeedleFoundation

public nonisolated final class NoteStore {
    public var notes: [String] = []
    public init() {}
}

/// Kit defaults to `MainActor` through its xcconfig's OTHER_SWIFT_FLAGS.
public final class KitComponent: Component<EmptyDependency> {}
