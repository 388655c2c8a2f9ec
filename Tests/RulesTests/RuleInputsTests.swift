import ArchlintKit
import ArchlintModel
import Graphs
import Rules
import SystemSupport
import Testing

/// A rule that declares less than everything (`RuleInputsProvider`) reads nothing else, or its stored output could be
/// reused when what it read changed. On each of its examples, its output is the same when everything the digests
/// of its inputs don't cover is taken away: for a module-graph rule every file's facts but the imports; for a
/// Needle rule the module graph's import edges, each declaration no Needle analysis read (for one only walked by
/// header, its members and position) and the imports of files holding no declaration read in full but whether
/// they import RIBs or NeedleFoundation — the rule's own reads of the type index count, since it runs recorded.
@Suite struct RuleInputsTests {
    static let declaringRules = RuleRegistry.all.filter { !RuleInputs.of($0).contains(.fileFacts) }.map { $0.description.id }

    @Test func rulesDeclareLessThanEverything() {
        // The module and Needle rules: the reuse this suite guards must exist.
        #expect(Self.declaringRules.contains("undeclared-import"))
        #expect(Self.declaringRules.contains("missing-dependency"))
        #expect(!Self.declaringRules.contains("view-router-shortcut"))
    }

    @Test(arguments: declaringRules)
    func aRuleReadsOnlyWhatItsInputsCover(ruleID: String) throws {
        let rule = try #require(RuleRegistry.all.first { $0.description.id == ruleID })
        let examples = rule.description.triggeringExamples + rule.description.nonTriggeringExamples
        for (index, example) in examples.enumerated() {
            let (analysis, _) = try RuleExampleHarness.analyze(Self.withUnrelatedCode(example))
            let reads = TypeReads()
            let full = Self.check(rule, analysis.workspace, analysis, moduleGraph: analysis.moduleGraph, reads: reads)
            let masked = Self.mask(analysis.workspace, inputs: RuleInputs.of(rule), reads: reads.snapshot)
            // The module graph as far as the inputs cover it: a Needle rule sees its nodes and declared edges only.
            var graph = analysis.moduleGraph
            if !RuleInputs.of(rule).contains(.moduleGraph) { graph.edges.removeAll { $0.kind != .declared } }
            let again = Self.check(rule, masked, analysis, moduleGraph: graph, reads: TypeReads())
            #expect(again == full, "\(ruleID) example #\(index) read something its inputs don't cover")
        }
    }

    /// The example with declarations no rule is about appended to each of its sources (positions before them
    /// don't move): something for the masking to take away.
    static func withUnrelatedCode(_ example: RuleExample) -> RuleExample {
        var example = example
        for (path, text) in example.files where path.hasSuffix(".swift") && !text.contains("needleDependenciesHash")
            && !["Package.swift", "Project.swift"].contains(path.split(separator: "/").last.map(String.init)) {
            let name = "Unrelated\(abs(path.hashValue % 1000))"
            example.files[path] = text + """

                struct \(name) {
                    var count: Int
                    func describe() -> String { String(count) }
                }

                extension \(name) {
                    var twice: Int { count * 2 }
                }

                final class \(name)Model {
                    let value = \(name)(count: 1)
                    func run() -> Int { value.twice }
                }

                """
        }
        return example
    }

    /// The rule's output on `workspace` and `moduleGraph`, with the Needle analyses (recording into `reads`),
    /// scopes and component graph made from them.
    static func check(
        _ rule: any Rule.Type, _ workspace: WorkspaceModel, _ analysis: ArchitectureAnalysis, moduleGraph: ModuleGraph,
        reads: TypeReads
    ) -> [Diagnostic] {
        let types = TypeIndex(workspace)
        let global = NeedleAnalysis(workspace, types: types.recording(into: reads))
        let scopes = NeedleScopes(workspace, moduleGraph: moduleGraph, global: global)
        let context = LintContext(
            workspace: workspace, moduleGraph: moduleGraph, componentGraph: ComponentGraphBuilder.build(scopes),
            configuration: analysis.configuration, types: types,
            needleAnalyses: LazyValue(computed: NeedleAnalyses(global: global, scopes: scopes)))
        return rule.init().check(context)
    }

    /// `workspace` with only what the digests of `inputs` cover.
    static func mask(_ workspace: WorkspaceModel, inputs: RuleInputs, reads: TypeReads.Snapshot) -> WorkspaceModel {
        let coverage = reads.coverage
        var masked = workspace
        masked.files = workspace.files.map { file in
            var file = file
            if inputs.contains(.needle) {
                let hadTypes = !file.facts.types.isEmpty
                file.facts.types = file.facts.types.compactMap { decl in
                    switch coverage.seen(decl) {
                    case .nothing: return nil
                    case .header: return header(of: decl)
                    case .everything: return decl
                    }
                }
                // Whether a file declares anything is covered.
                if hadTypes && file.facts.types.isEmpty {
                    file.facts.types = [TypeDecl(kind: .struct, name: "ArchlintMasked", line: 1, column: 1)]
                }
                // A file's imports are covered where it holds a declaration read in full; elsewhere only whether
                // it imports RIBs or NeedleFoundation.
                if !file.facts.types.contains(where: { coverage.seen($0) == .everything }) {
                    file.facts.imports = [NeedleAnalysis.ribsModule, NeedleAnalysis.needleModule]
                        .filter { framework in file.facts.imports.contains { $0.module == framework } }
                        .map { ImportDecl(module: $0, line: 1, column: 1) }
                }
            } else {
                file.facts.types = []
                file.facts.calls = []
                file.facts.isNeedleGenerated = false
                file.facts.generatedText = nil
            }
            if !inputs.contains(.memberNames) { file.facts.memberNames = MemberNames() }
            file.facts.suppressions = []
            file.facts.problems = []
            return file
        }
        return masked
    }

    /// What a walk by header sees of `decl`: no members, no position.
    static func header(of decl: TypeDecl) -> TypeDecl {
        TypeDecl(
            kind: decl.kind, name: decl.name, qualifiedName: decl.qualifiedName, inheritance: decl.inheritance,
            accessLevel: decl.accessLevel, attributes: decl.attributes, condition: decl.condition, line: 0, column: 0)
    }
}
