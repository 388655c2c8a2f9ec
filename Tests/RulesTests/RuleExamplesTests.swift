import ArchlintModel
import Rules
import Testing

/// Every rule's own examples are its tests (SwiftLint style).
@Suite struct RuleExamplesTests {
    /// Every rule, and the pipeline ids that have examples.
    static let ruleIDs = RuleRegistry.all.map { $0.description.id }
        + RuleRegistry.pipeline.filter { !$0.triggeringExamples.isEmpty }.map(\.id)

    @Test(arguments: ruleIDs)
    func triggeringExamplesReportExactlyAtTheirMarkers(ruleID: String) throws {
        let description = try #require(RuleRegistry.description(id: ruleID))
        #expect(!description.triggeringExamples.isEmpty, "\(ruleID) has no triggering example")
        for (index, example) in description.triggeringExamples.enumerated() {
            let outcome = try RuleExampleHarness.run(example, ruleID: ruleID)
            #expect(!outcome.expected.isEmpty, "\(ruleID) triggering example #\(index) has no ↓ marker")
            #expect(
                outcome.actual.map(\.location).sorted() == outcome.expected,
                "\(ruleID) triggering example #\(index): \(outcome.actual.map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.message)" })"
            )
            if let findings = example.findings {
                #expect(
                    FindingGrouping.group(outcome.actual).count == findings,
                    "\(ruleID) triggering example #\(index) should be \(findings) finding(s): \(FindingGrouping.group(outcome.actual).map(\.message))")
            }
        }
    }

    @Test(arguments: ruleIDs)
    func nonTriggeringExamplesReportNothing(ruleID: String) throws {
        let description = try #require(RuleRegistry.description(id: ruleID))
        #expect(!description.nonTriggeringExamples.isEmpty, "\(ruleID) has no non-triggering example")
        for (index, example) in description.nonTriggeringExamples.enumerated() {
            let outcome = try RuleExampleHarness.run(example, ruleID: ruleID)
            #expect(outcome.actual.isEmpty, "\(ruleID) non-triggering example #\(index): \(outcome.actual.map(\.message))")
        }
    }

    @Test func ruleIDsAreUniqueAndDescribed() {
        let ids = RuleRegistry.allIDs
        #expect(Set(ids).count == ids.count)
        for rule in RuleRegistry.all {
            #expect(!rule.description.summary.isEmpty)
            #expect(!rule.description.rationale.isEmpty)
        }
    }
}
