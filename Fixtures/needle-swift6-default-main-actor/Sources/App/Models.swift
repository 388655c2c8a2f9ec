/// Nonisolated: built by the root component, whatever thread creates it.
nonisolated final class NoteStore {
    var notes: [String] = []
    init() {}
}

nonisolated final class Clock: Sendable {
    init() {}
}
