import ArchlintKit
import ArchlintTestSupport
import Foundation
import RuleDocs
import Rules
import Testing

@Suite struct RuleDocumentationTests {
    @Test func docsRulesMarkdownIsUpToDate() throws {
        let url = FixturePaths.packageRoot.appendingPathComponent("docs/rules.md")
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == RuleDocumentation.markdown(), "docs/rules.md is stale: run `swift run archlint rules --write-docs`")
    }

    @Test func detailPrintsEveryExample() throws {
        for rule in RuleRegistry.all {
            let description = rule.description
            let text = RuleDocumentation.detail(description)
            #expect(text.contains(description.id))
            let printedExamples = text.components(separatedBy: "\n  #").count - 1
            #expect(printedExamples == description.triggeringExamples.count + description.nonTriggeringExamples.count)
        }
    }

    @Test func listNamesEveryRule() {
        let list = RuleDocumentation.list()
        for id in RuleRegistry.allIDs {
            #expect(list.contains(id))
        }
    }
}
