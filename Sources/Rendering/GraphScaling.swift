import ArchlintModel
import Graphs

/// The one decision of what a module picture shows by default, for `archlint graph` and the report alike:
/// above `moduleThreshold` modules, externals and tests are hidden and transitive edges reduced (violations
/// always stay), unless the caller keeps them; below it, externals are drawn one node per package
/// (`ExternalPackages`) when they outnumber the codebase's own modules. The caption says what was left out or
/// merged, with counts ("150 modules: 5 externals hidden, 36 tests hidden, transitive edges reduced …"), and how to
/// see it; `archlint graph` prints it on stderr and draws it at the bottom of the picture (`DotOptions.caption`).
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
            // A small picture keeps everything, but externals that outnumber the app's own modules would bury it:
            // they are drawn one node per package.
            guard externals > local, !keep.externals, !requested.hideExternal else { return (requested, nil) }
            var filter = requested
            filter.collapseExternal = true
            return (filter, collapsedCaption(graph, externals: externals, local: local))
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

    /// "9 externals drawn as one node per package: Apple SDK (3), firebase-ios-sdk (2), …; 2 in no known package
    /// drawn as they are. …"
    static func collapsedCaption(_ graph: ModuleGraph, externals: Int, local: Int) -> String {
        let groupOf = ExternalPackages.collapse(graph).groupOf
        let counts = Dictionary(grouping: groupOf.values, by: { $0 }).mapValues(\.count)
            .sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        let shownGroups = counts.prefix(8).map { "\($0.key) (\($0.value))" }
        var text = "\(externals) externals drawn as one node per package: " + shownGroups.joined(separator: ", ")
        if counts.count > shownGroups.count { text += ", … \(counts.count - shownGroups.count) more" }
        let alone = externals - groupOf.count
        if alone > 0 { text += "; \(alone) in no known package drawn as they are" }
        return text + ". They outnumber the \(local) modules of the codebase: draw each with `archlint graph --show-external`."
    }
}
