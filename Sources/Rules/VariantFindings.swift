import ArchlintModel
import Graphs

/// A module built several ways from the same files and dependencies (`Chatty-Debug`, `Chatty-QA`, `Chatty-Release`;
/// `ThirdParty`, `ThirdParty-QA`: `ModuleGraphIndex.variants(of:)`) gets each finding once per build. The finding of
/// every build but the first (by id) joins the first's: its diagnostics keep their own locations for the filters
/// (suppressions, baseline, `--changed`), and `FindingGrouping` shows the build as one related note.
enum VariantFindings {
    static func join(_ diagnostics: [Diagnostic], index: ModuleGraphIndex) -> [Diagnostic] {
        struct Same: Hashable { var rule: String; var message: String }
        // Each diagnostic of a module with variants: its first build and its message in that build's words.
        var first: [Int: (build: String, words: Same)] = [:]
        for (position, diagnostic) in diagnostics.enumerated() {
            guard let id = diagnostic.subject.first, let module = index.node(id) else { continue }
            let variants = index.variants(of: id)
            guard let build = ([id] + variants).min(), let firstModule = index.node(build) else { continue }
            let message = build == id ? diagnostic.message
                : diagnostic.message.replacingOccurrences(of: module.name, with: firstModule.name)
            first[position] = (build, Same(rule: diagnostic.rule, message: message))
        }
        guard !first.isEmpty else { return diagnostics }
        // The first build's own findings, by their words: what another build's equal finding joins.
        var facts: [Same: FindingFact] = [:]
        for (position, entry) in first where diagnostics[position].subject.first == entry.build {
            let diagnostic = diagnostics[position]
            facts[entry.words] = diagnostic.fact ?? FindingFact(key: ["variant", entry.words.rule, entry.words.message], rank: 0)
        }
        var result = diagnostics
        for (position, entry) in first {
            guard let fact = facts[entry.words] else { continue }
            let isFirst = diagnostics[position].subject.first == entry.build
            if isFirst {
                result[position].fact = result[position].fact ?? fact
                result[position].occurrenceNote = result[position].occurrenceNote ?? "also found here"
            } else {
                let name = result[position].module ?? diagnostics[position].subject.first ?? ""
                result[position].fact = FindingFact(key: fact.key, rank: (diagnostics[position].fact?.rank ?? 0) + FindingFact.otherBuildRank)
                result[position].occurrenceNote = "'\(name)' too: it builds the same files with the same dependencies"
            }
        }
        return result
    }
}
