import ArchlintModel
import Graphs

/// The one decision of what a module picture shows by default, for `archlint graph` and the report alike:
/// above `moduleThreshold` modules, externals and tests are hidden and transitive edges reduced (violations
/// always stay), unless the caller keeps them; below it, externals are hidden when they outnumber the codebase's
/// own modules. The caption says what was left out, with counts ("150 modules:
/// 5 externals hidden, 36 tests hidden, transitive edges reduced …"), and how to see it; `archlint graph` prints
/// it on stderr and draws it at the bottom of the picture (`DotOptions.caption`).
public enum GraphScaling {
    /// Above this many modules (externals not counted), the picture is simplified by default.
    public static let moduleThreshold = 40

    /// What the caller insisted on keeping (`--all`, or finer flags).
    public struct Keep: Hashable, Sendable {
        public var externals: Bool
        public var tests: Bool
        public var transitiveEdges: Bool

        public init(externals: Bool = false, tests: Bool = false, transitiveEdges: Bool = false) {
            self.externals = externals
            self.tests = tests
            self.transitiveEdges = transitiveEdges
        }

        public static let everything = Keep(externals: true, tests: true, transitiveEdges: true)
    }

    /// The filter to draw `graph` with, given what was `requested`, and a caption when the defaults changed it.
    /// A focused picture (`requested.focus`) is never simplified further.
    public static func moduleFilter(
        for graph: ModuleGraph, requested: GraphFilterOptions, keep: Keep = Keep()
    ) -> (filter: GraphFilterOptions, caption: String?) {
        let local = graph.nodes.count { $0.type != .external }
        guard requested.focus == nil else { return (requested, nil) }
        let externals = graph.nodes.count - local
        guard local > moduleThreshold else {
            // A small picture keeps everything, but externals that outnumber the app's own modules would bury it.
            guard externals > local, !keep.externals, !requested.hideExternal else { return (requested, nil) }
            var filter = requested
            filter.hideExternal = true
            return (filter, "\(externals) externals hidden: they outnumber the \(local) modules of the codebase. "
                + "Draw them with `archlint graph --show-external`.")
        }
        var filter = requested
        var simplified: [String] = []
        let tests = graph.nodes.count { $0.type.isTest }
        if !keep.externals && !filter.hideExternal {
            filter.hideExternal = true
            if externals > 0 { simplified.append("\(externals) externals hidden") }
        }
        if !keep.tests && !filter.hideTests {
            filter.hideTests = true
            if tests > 0 { simplified.append("\(tests) tests hidden") }
        }
        if !keep.transitiveEdges && !filter.reduce { filter.reduce = true; simplified.append("transitive edges reduced") }
        guard !simplified.isEmpty else { return (filter, nil) }
        let caption = "\(local) modules: \(simplified.joined(separator: ", ")) (violations always shown). "
            + "Draw everything with `archlint graph --all`, or keep a part with --show-external, --show-tests, --no-reduce."
        return (filter, caption)
    }
}
