import ArchlintModel
import Graphs

/// Runs a team's own rules (`forbidden:`, `allowed:`, `required:`, `types:` in `.archlint.yml`). Each finding's
/// id is `custom:<name>` (`custom:not-in-allowed` for what `allowed:` leaves out) at the entry's severity; an
/// entry of the repository's own configuration whose selector matches nothing here is a
/// `custom-rule-unmatched` warning, so a typo doesn't pass silently (a preset's entries may match nothing).
public enum CustomRuleEngine {
    public static let unmatchedRuleID = PipelineRuleID.customRuleUnmatched

    public static func run(_ context: LintContext) -> [Diagnostic] {
        let rules = context.configuration.customRules
        guard !rules.isEmpty else { return [] }
        var modules = CustomRuleModules(context)
        let moduleRules = CustomModuleRules(context)
        var typeRules = CustomTypeRules(context)
        var diagnostics: [Diagnostic] = []
        var unmatched: [(location: ConfigLocation?, name: String, what: String)] = []

        func checkSelectors(_ rule: ModuleRule, section: String) {
            let fromMatches = context.moduleGraph.nodes.contains { node in
                modules.byID[node.id].map { modules.matches(rule.from, $0, filesAreLocations: false) } ?? false
            }
            if !fromMatches { unmatched.append((rule.location, rule.name, "its 'from' matches no module")) }
            var to = rule.to
            to.reachable = nil
            to.circular = nil
            to.via = nil
            let toMatches = context.moduleGraph.nodes.contains { node in
                modules.byID[node.id].map { modules.matches(to, $0, filesAreLocations: false) } ?? false
            }
            if !toMatches { unmatched.append((rule.location, rule.name, "its 'to' matches no module")) }
        }

        for rule in rules.forbidden {
            checkSelectors(rule, section: "forbidden")
            guard let severity = rule.severity.severity else { continue }
            diagnostics += moduleRules.forbidden(rule, &modules, severity)
        }
        for rule in rules.required {
            checkSelectors(rule, section: "required")
            guard let severity = rule.severity.severity else { continue }
            diagnostics += moduleRules.required(rule, &modules, severity)
        }
        if !rules.allowed.isEmpty {
            for rule in rules.allowed { checkSelectors(rule, section: "allowed") }
            if let severity = rules.allowedSeverity.severity {
                diagnostics += moduleRules.notAllowed(rules.allowed, &modules, severity)
            }
        }
        for rule in rules.types {
            var selected = false
            let found = typeRules.check(rule, &modules, rule.severity.severity ?? .note, selected: &selected)
            if rule.severity.severity != nil { diagnostics += found }
            if !selected { unmatched.append((rule.location, rule.name, "its 'select' matches no declaration")) }
        }
        for entry in unmatched {
            guard let location = entry.location, !location.isPreset else { continue }
            diagnostics.append(Diagnostic(
                rule: unmatchedRuleID,
                message: "custom rule '\(entry.name)' can never report: \(entry.what) in this repository; check the "
                    + "selector for a typo, or remove the rule",
                location: SourceLocation(
                    file: relativePath(location.file, root: context.workspace.root), line: location.line,
                    column: location.column),
                subject: [entry.name]))
        }
        return diagnostics
    }

    /// The configuration file's path relative to the analysed root, as every diagnostic's path is.
    static func relativePath(_ file: String, root: String) -> String {
        var root = root
        while root.hasSuffix("/"), root.count > 1 { root.removeLast() }
        if root == "." || root.isEmpty { return file.hasPrefix("./") ? String(file.dropFirst(2)) : file }
        if file.hasPrefix(root + "/") { return String(file.dropFirst(root.count + 1)) }
        return file
    }
}
