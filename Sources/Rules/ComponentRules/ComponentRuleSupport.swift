import ArchlintModel
import Graphs

/// Shared wording and lookups of the Needle / RIBs rules.
enum ComponentRuleSupport {
    /// Needle's own path notation: `^->RootComponent->FeatureComponent`.
    static func pathText(_ path: [String]) -> String {
        "^->" + path.joined(separator: "->")
    }

    /// The names of the test modules (the Needle analysis names modules by name), but for a name a production
    /// module has too: tests build components on stand-in parents, and needle's generator, run on an app's
    /// sources, never reads them.
    static func testModules(_ context: LintContext) -> Set<String> {
        let (tests, others) = context.workspace.modules.reduce(into: (Set<String>(), Set<String>())) { sets, module in
            if module.type.isTest { sets.0.insert(module.name) } else { sets.1.insert(module.name) }
        }
        return tests.subtracting(others)
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }

    /// `'A', 'B', 'C' and 2 more`: names quoted, at most `limit` of them.
    static func quotedList(_ names: [String], limit: Int = 3) -> String {
        list(names.prefix(limit).map { "'\($0)'" } + (names.count > limit ? ["\(names.count - limit) more"] : []))
    }

    /// ` In the Needle world of app A and app B.`: which scopes a finding is about, when the workspace has
    /// several; empty otherwise.
    static func scopeSentence(_ scopes: [NeedleScope], multiple: Bool) -> String {
        guard multiple, !scopes.isEmpty else { return "" }
        var labels: [String] = []
        for label in scopes.map(\.label) where !labels.contains(label) { labels.append(label) }
        return " In the Needle world of \(list(labels))."
    }
}
