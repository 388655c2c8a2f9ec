import ArchlintKit
import ArgumentParser
import Foundation
import Rules

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules, or print one rule with its examples.")

    @Argument(help: "A rule id.")
    var id: String?

    @Flag(name: .long, help: "Print Markdown documentation for every rule (docs/rules.md).")
    var markdown = false

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
        guard let id else {
            Console.output(RuleDocumentation.list())
            return
        }
        guard let rule = RuleRegistry.description(id: id) else {
            throw CommandFailure(message: "unknown rule '\(id)'. Run `archlint rules` for the list.")
        }
        Console.output(RuleDocumentation.detail(rule))
    }
}
