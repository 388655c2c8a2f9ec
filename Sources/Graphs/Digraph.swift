import ArchlintModel

/// A small directed graph over string ids.
public struct Digraph: Sendable {
    public init() {}
}
