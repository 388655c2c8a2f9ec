import ArchlintModel
import Graphs
import SystemSupport

/// Runs every rule the `FindingsPolicy` turns on, at its severity. Pipeline diagnostics from the workspace
/// (manifest-unresolved, unreadable-file, syntax-error, file-too-complex) go through the same severity settings.
public enum RuleEngine {
    /// Rules are independent pure functions of the context: they run in parallel, and their results are merged in
    /// registry order, so the output never depends on scheduling. A rule's output is reused from the last run when
    /// the digests of the inputs it declares (`RuleInputsProvider`) are unchanged; the outcome lists what to store
    /// for next time and the rules not run.
    /// - Parameter timing: called with each enabled rule's id and its wall-clock time in seconds, in registry order.
    /// - Parameter policy: which rules are on at what severity (from `RuleActivation(context)` when nil).
    public static func run(
        _ context: LintContext, rules: [any Rule.Type] = RuleRegistry.all, policy: FindingsPolicy? = nil,
        reuse: RuleReuse? = nil, timing: ((String, Double) -> Void)? = nil
    ) -> (diagnostics: [Diagnostic], reuse: RuleReuseOutcome, withheld: WithheldFindings) {
        let policy = policy ?? FindingsPolicy(configuration: context.configuration, activation: RuleActivation(context))
        let enabled = rules.compactMap { ruleType -> (any Rule.Type, Severity)? in
            policy.severity(for: ruleType.description.id).map { (ruleType, $0) }
        }
        let inputDigests = enabled.map { ruleType, _ in
            reuse.flatMap { $0.digests.digest(of: RuleInputs.of(ruleType), combine: $0.combine) }
        }
        var previous: [String: StoredRuleOutput] = [:]
        for output in reuse?.previous ?? [] { previous[output.rule] = output }
        let stored = zip(enabled, inputDigests).map { rule, digest -> [Diagnostic]? in
            guard let digest, let output = previous[rule.0.description.id], output.inputs == digest else { return nil }
            return output.diagnostics
        }
        let results = parallelMap(count: enabled.count) { index -> ([Diagnostic], Double) in
            if let reused = stored[index] { return (reused, 0.0) }
            return timed { enabled[index].0.init().check(context) }
        }
        var outcome = RuleReuseOutcome()
        let finalDigests = reuse.map { reuse in
            let digests = reuse.finalDigests
            return enabled.map { ruleType, _ in digests.digest(of: RuleInputs.of(ruleType), combine: reuse.combine) }
        } ?? inputDigests
        for (index, (ruleType, _)) in enabled.enumerated() {
            if stored[index] != nil { outcome.reusedRules.append(ruleType.description.id) }
            if let digest = finalDigests[index] {
                outcome.outputs.append(StoredRuleOutput(rule: ruleType.description.id, inputs: digest, diagnostics: results[index].0))
            }
        }
        var diagnostics: [Diagnostic] = []
        var withheld = WithheldFindings(partialTargets: context.declarations.partialModules,
                                        unreadProjects: context.declarations.unreadProjects)
        for ((ruleType, severity), (all, seconds)) in zip(enabled, results) {
            timing?(ruleType.description.id, seconds)
            // Stored outputs keep every finding: what is withheld is decided again on each run.
            let joined = VariantFindings.join(all, index: context.moduleIndex)
            let found = withhold(joined, reads: { DeclarationReads.of($0, by: ruleType, in: context) }, context, into: &withheld)
            diagnostics += policy.report(found, of: ruleType.description, at: severity)
        }
        // A team's own rules carry their severities; the unmatched-rule warning follows `rules:` like any id.
        // `required:` says a module depends on nothing it requires: an unread entry may be what it requires.
        let requiredIDs = Set(context.configuration.customRules.required.map { CustomRules.ruleID($0.name) })
        let custom = withhold(CustomRuleEngine.run(context), reads: { findings in
            findings.map { requiredIDs.contains($0.rule) ? DeclarationReads(declarations: Array($0.subject.prefix(1))) : .none }
        }, context, into: &withheld)
        diagnostics += custom.filter { $0.rule != CustomRuleEngine.unmatchedRuleID }
        diagnostics += policy.report(custom.filter { $0.rule == CustomRuleEngine.unmatchedRuleID })
        diagnostics += policy.report(
            context.workspace.diagnostics + context.configuration.diagnostics + FeatureEntryCheck.diagnostics(context))
        return (diagnostics.sorted(by: Diagnostic.stableOrder), outcome, withheld)
    }

    /// The findings whose declaration reads are all complete; the others are counted in `withheld`, by rule.
    private static func withhold(
        _ findings: [Diagnostic], reads: ([Diagnostic]) -> [DeclarationReads], _ context: LintContext,
        into withheld: inout WithheldFindings
    ) -> [Diagnostic] {
        guard !findings.isEmpty, !context.declarations.isComplete else { return findings }
        var kept: [Diagnostic] = []
        var left: [Diagnostic] = []
        for (finding, read) in zip(findings, reads(findings)) {
            if context.declarations.supports(read) { kept.append(finding) } else { left.append(finding) }
        }
        for finding in FindingGrouping.group(left) { withheld.findingsByRule[finding.rule, default: 0] += 1 }
        return kept
    }
}

/// A rule whose findings rest on declared dependencies besides facts: for each finding, in order, the modules whose
/// declared dependencies (an edge absent from them) or dependants it reads. Where one of them is partly unread
/// (`DeclarationCompleteness`), the engine withholds the finding and counts it. Asked only when something is unread.
public protocol DeclarationReadsProvider: Rule {
    static func declarationReads(of findings: [Diagnostic], in context: LintContext) -> [DeclarationReads]
}

extension DeclarationReads {
    /// What `rule`'s findings rest on: a `DeclarationReadsProvider`'s reads, else none (an edge read, an import,
    /// a type are facts).
    static func of(_ findings: [Diagnostic], by rule: any Rule.Type, in context: LintContext) -> [DeclarationReads] {
        guard let provider = rule as? any DeclarationReadsProvider.Type else {
            return Array(repeating: .none, count: findings.count)
        }
        return provider.declarationReads(of: findings, in: context)
    }
}
