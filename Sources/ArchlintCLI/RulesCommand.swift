import ArchlintKit
import ArgumentParser
import Rules

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules, or print one rule with its examples.")

    @Argument(help: "A rule id.")
    var id: String?

    @Flag(name: .long, help: "Print Markdown documentation for every rule (docs/rules.md).")
    var markdown = false

    func run() throws {
        if markdown {
            Console.output(RuleDocumentation.markdown())
            return
        }
        guard let id else {
            Console.output(RuleDocumentation.list())
            return
        }
        guard let rule = RuleRegistry.rule(id: id) else {
            throw CommandFailure(message: "unknown rule '\(id)'. Run `archlint rules` for the list.")
        }
        Console.output(RuleDocumentation.detail(rule.description))
    }
}
