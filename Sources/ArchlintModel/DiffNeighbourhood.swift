/// The part of the module graph a change touches, for the diff's pictures (Mermaid, svg, png): the modules a
/// change touches plus their direct neighbours, capped so the picture stays readable. Computed once by the
/// differ; every picture draws this, so they agree.
public struct DiffNeighbourhood: Codable, Hashable, Sendable {
    /// At most this many modules are drawn (touched ones first).
    public static let maximumNodes = 40
    /// At most this many edges are drawn (changed ones first).
    public static let maximumEdges = 80

    public enum EdgeState: String, Codable, Hashable, Sendable {
        case added, removed, unchanged
    }

    public struct Edge: Codable, Hashable, Sendable {
        public var from: String
        public var to: String
        public var state: EdgeState
        /// An introduced finding is on this edge (drawn red).
        public var isNewViolation: Bool

        public init(from: String, to: String, state: EdgeState, isNewViolation: Bool) {
            self.from = from
            self.to = to
            self.state = state
            self.isNewViolation = isNewViolation
        }
    }

    public struct Node: Codable, Hashable, Sendable {
        public var name: String
        /// Added, removed, renamed, changed kind, or at an end of a changed edge.
        public var isTouched: Bool
        /// Only on one side: added (true) or removed (false); nil when on both.
        public var isAdded: Bool?

        public init(name: String, isTouched: Bool, isAdded: Bool?) {
            self.name = name
            self.isTouched = isTouched
            self.isAdded = isAdded
        }
    }

    public var nodes: [Node]
    public var edges: [Edge]
    /// What the caps left out.
    public var omittedNodes: Int
    public var omittedEdges: Int

    public init(nodes: [Node] = [], edges: [Edge] = [], omittedNodes: Int = 0, omittedEdges: Int = 0) {
        self.nodes = nodes
        self.edges = edges
        self.omittedNodes = omittedNodes
        self.omittedEdges = omittedEdges
    }

    public var isEmpty: Bool { nodes.isEmpty }

    /// `12 modules and 30 edges not drawn` when the caps cut something; nil otherwise.
    public var omittedNote: String? {
        guard omittedNodes > 0 || omittedEdges > 0 else { return nil }
        var parts: [String] = []
        if omittedNodes > 0 { parts.append("\(omittedNodes) module\(omittedNodes == 1 ? "" : "s")") }
        if omittedEdges > 0 { parts.append("\(omittedEdges) edge\(omittedEdges == 1 ? "" : "s")") }
        return parts.joined(separator: " and ") + " not drawn"
    }
}
