import ArchlintModel
import Configuration

/// `config-shadowed-entry` at a `features.modules` or `features.shared` entry of the configuration file that
/// names no module of the repository (a typo, or a module that was renamed), with the closest module name.
enum FeatureEntryCheck {
    static func diagnostics(_ context: LintContext) -> [Diagnostic] {
        let entries = context.configuration.features.entries.filter { !$0.pattern.hasPrefix("!") }
        guard !entries.isEmpty else { return [] }
        let nodes = context.moduleGraph.nodes
        let internalNames = Set(nodes.filter { $0.type != .external }.map(\.name)).sorted()
        return entries.compactMap { entry in
            guard let glob = try? Glob(entry.pattern),
                  !nodes.contains(where: { glob.matches($0.name) || glob.matches($0.id) })
            else { return nil }
            let effect = entry.list == "features.modules" ? "never makes a feature" : "never makes a module shared"
            return Diagnostic(
                rule: PipelineRuleID.configShadowedEntry,
                message: "\"\(entry.pattern)\" in \(entry.list) matches no module of this repository, so it \(effect)"
                    + "\(Suggestion.didYouMean(entry.pattern, among: internalNames)); fix the name or remove the entry",
                location: SourceLocation(
                    file: CustomRuleEngine.relativePath(entry.location.file, root: context.workspace.root),
                    line: entry.location.line, column: entry.location.column),
                subject: [entry.pattern])
        }
    }
}
