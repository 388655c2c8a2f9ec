import ArchlintKit
import ArgumentParser
import Foundation
import ArchlintModel
import RuleDocs
import Rules

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules, or print one rule with its examples.")

    @Argument(help: "A rule id.")
    var id: String?

    @Flag(name: .long, help: "Print Markdown documentation for every rule (docs/rules.md).")
    var markdown = false

    @Option(name: .long, help: "The repository whose own rules (.archlint.yml) are listed after the built-in ones.", completion: .directory)
    var path: String = "."

    @Option(name: .long, help: "Configuration file (default: <path>/.archlint.yml).")
    var config: String?

    @Flag(name: .long, help: ArgumentHelp(
        "Regenerate, in the archlint repository at the current directory, what is derived from the rules: docs/rules.md, the README's rule table, the rule section of Rules/archlint.schema.json and the presets' rule lines.",
        visibility: .hidden))
    var writeDocs = false

    func run() throws {
        if writeDocs {
            let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            do {
                let written = try RuleDocumentation.write(root: root)
                Console.output(written.isEmpty ? "up to date\n" : written.map { "wrote \($0)\n" }.joined()
                    + (written.contains { $0.hasPrefix("Rules/") && $0.hasSuffix(".yml") } ? "now run scripts/embed-presets.sh\n" : ""))
            } catch {
                throw CommandFailure(message: "\(error)")
            }
            return
        }
        if markdown {
            Console.output(RuleDocumentation.markdown())
            return
        }
        let customRules = repositoryRules()
        guard let id else {
            Console.output(RuleDocumentation.list(customRules: customRules))
            return
        }
        if let text = RuleDocumentation.detail(customRule: id, in: customRules) {
            Console.output(text)
            return
        }
        guard let rule = RuleRegistry.description(id: id) ?? CustomRuleExamples.all.first(where: { $0.id == id }) else {
            throw CommandFailure(message: "unknown rule '\(id)'. Run `archlint rules` for the list.")
        }
        Console.output(RuleDocumentation.detail(rule))
    }

    /// The repository's own rules; none when it has no configuration. A configuration that doesn't load is said
    /// on stderr (the built-in rules are still listed; `lint` reports the error with its exit status).
    private func repositoryRules() -> CustomRules {
        do {
            return try Analyzer.configuration(root: path, options: AnalyzerOptions(configPath: config)).customRules
        } catch {
            Console.error("note: \(error); listing the built-in rules only")
            return CustomRules()
        }
    }
}
