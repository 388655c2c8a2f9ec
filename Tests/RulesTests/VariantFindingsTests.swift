import ArchlintModel
import Graphs
import Rules
import Testing

/// chatty-lab's app is three targets, `Chatty-Debug`, `Chatty-QA` and `Chatty-Release`, built from the same files
/// with the same dependencies: each finding was reported three times. The builds after the first join its finding.
@Suite struct VariantFindingsTests {
    private static let project = "App/Project.swift"

    private static func workspace(qaFiles: [String] = ["App/Sources/App.swift"]) -> WorkspaceModel {
        func app(_ name: String) -> ProjectTarget {
            ProjectTarget(
                name: name, productTypeIdentifier: "com.apple.product-type.application",
                dependencies: [ProjectTargetDependency(kind: .target, name: "Kit", line: 7, column: 9)], line: 5, column: 5)
        }
        let facts = ProjectFacts(path: project, source: .tuist, targets: [
            app("Chatty-Debug"), app("Chatty-QA"),
            ProjectTarget(name: "Kit", productTypeIdentifier: "com.apple.product-type.framework", line: 12, column: 5),
        ])
        func module(_ name: String, _ type: ModuleType, _ files: [String]) -> Module {
            Module(id: "App/\(name)", name: name, project: project, type: type, files: files)
        }
        let imports = [ImportDecl(module: "UIKit", line: 1, column: 1)]
        return WorkspaceModel(
            root: "/repo", projects: [facts],
            modules: [
                module("Chatty-Debug", .app, ["App/Sources/App.swift"]), module("Chatty-QA", .app, qaFiles),
                module("Kit", .framework, ["Kit/Kit.swift"]),
            ],
            files: [
                ScannedFile(facts: FileFacts(path: "App/Sources/App.swift", imports: imports), module: "App/Chatty-Debug"),
                ScannedFile(facts: FileFacts(path: "Kit/Kit.swift"), module: "App/Kit"),
            ] + qaFiles.map { ScannedFile(facts: FileFacts(path: $0, imports: imports), module: "App/Chatty-QA") })
    }

    private static func lint(_ workspace: WorkspaceModel) -> [Diagnostic] {
        let context = LintContext(
            workspace: workspace, moduleGraph: ModuleGraphBuilder.build(workspace), componentGraph: ComponentGraph(),
            configuration: ArchlintConfiguration())
        return RuleEngine.run(context, rules: [UnusedDependencyRule.self]).diagnostics
    }

    @Test func anotherBuildsFindingJoinsTheFirstBuilds() throws {
        let diagnostics = Self.lint(Self.workspace())
        // Each build's diagnostic stays, for suppressions and the baseline.
        #expect(diagnostics.compactMap(\.module) == ["Chatty-Debug", "Chatty-QA"])
        let findings = FindingGrouping.group(diagnostics)
        #expect(findings.map(\.message) == [
            "target 'Chatty-Debug' declares a dependency on 'Kit' but none of its files imports it; remove it from the "
                + "target's `dependencies:` in App/Project.swift",
        ])
        #expect(findings.first?.related.map { "\($0.location.line): \($0.message)" } == [
            "7: 'Chatty-QA' too: it builds the same files with the same dependencies",
        ])
    }

    @Test func aTargetWithOtherFilesIsNoVariant() {
        let findings = FindingGrouping.group(Self.lint(Self.workspace(qaFiles: ["App/QA/App.swift"])))
        #expect(findings.compactMap(\.module) == ["Chatty-Debug", "Chatty-QA"])
        #expect(findings.allSatisfy { $0.related.isEmpty })
    }
}
