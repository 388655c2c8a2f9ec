import ArchlintKit
import ArchlintModel
import Foundation
import Graphs
import Rules
import Testing

/// uber/needle's whole `Sample/` folder as one repository: three apps with the same component names. The
/// targets are written here by hand from the samples' projects (app, unit tests, the pluginized sample's two
/// frameworks), so this checks the scopes alone, whatever reads the projects. Each app's resolutions must
/// equal its own `NeedleGenerated.swift`, with no duplicate-component. Runs when `ARCHLINT_NEEDLE_SAMPLES` is set.
@Suite(.enabled(if: NeedleSamples.directory != nil, "ARCHLINT_NEEDLE_SAMPLES is not set"))
struct ComponentScopeNeedleSampleTests {
    typealias Parity = ComponentRuleNeedleParityTests

    /// Folder prefix → (module id, type), most specific first.
    static let targets: [(prefix: String, id: String, type: ModuleType)] = [
        ("MVC/TicTacToe/Sources/", "MVC/TicTacToe", .app),
        ("MVC/TicTacToe/Tests/", "MVC/TicTacToeTests", .unitTest),
        ("SwiftUI-MVVM/TicTacToe/Sources/", "SwiftUI-MVVM/TicTacToe", .app),
        ("SwiftUI-MVVM/TicTacToe/Tests/", "SwiftUI-MVVM/TicTacToeTests", .unitTest),
        ("Pluginized/TicTacToe/TicTacToeCore/", "Pluginized/TicTacToe", .app),
        ("Pluginized/TicTacToe/TicTacToeCoreTests/", "Pluginized/TicTacToeCoreTests", .unitTest),
        ("Pluginized/TicTacToe/ScoreSheet/", "Pluginized/ScoreSheet", .framework),
        ("Pluginized/TicTacToe/ScoreSheetTests/", "Pluginized/ScoreSheetTests", .unitTest),
        ("Pluginized/TicTacToe/TicTacToeIntegrations/", "Pluginized/TicTacToeIntegrations", .framework),
    ]

    static let declared: [(String, String)] = [
        ("MVC/TicTacToeTests", "MVC/TicTacToe"), ("SwiftUI-MVVM/TicTacToeTests", "SwiftUI-MVVM/TicTacToe"),
        ("Pluginized/TicTacToe", "Pluginized/ScoreSheet"), ("Pluginized/TicTacToe", "Pluginized/TicTacToeIntegrations"),
        ("Pluginized/TicTacToeIntegrations", "Pluginized/ScoreSheet"),
        ("Pluginized/TicTacToeCoreTests", "Pluginized/TicTacToe"), ("Pluginized/ScoreSheetTests", "Pluginized/ScoreSheet"),
        ("Pluginized/ScoreSheetTests", "Pluginized/TicTacToe"),
    ]

    static let generated = [
        "MVC/TicTacToe": "MVC/TicTacToe/Sources/NeedleGenerated.swift",
        "SwiftUI-MVVM/TicTacToe": "SwiftUI-MVVM/TicTacToe/Sources/NeedleGenerated.swift",
        "Pluginized/TicTacToe": "Pluginized/TicTacToe/TicTacToeCore/NeedleGenerated.swift",
    ]

    @Test func everyAppResolvesAsItsOwnNeedleGeneratedAndNothingIsADuplicate() throws {
        let root = URL(fileURLWithPath: try #require(NeedleSamples.directory))
        let scanned = try Analyzer.analyze(root: root.path, options: AnalyzerOptions(scan: .init(useCache: false))).workspace
        let modules = Self.targets.map { Module(id: $0.id, name: String($0.id.split(separator: "/").last!), type: $0.type) }
        var workspace = scanned
        workspace.modules = modules
        workspace.files = scanned.files.compactMap { file in
            Self.targets.first { file.path.hasPrefix($0.prefix) }.map { ScannedFile(facts: file.facts, module: $0.id) }
        }
        let moduleGraph = ModuleGraph(
            nodes: modules, edges: Self.declared.map { ModuleEdge(from: $0.0, to: $0.1, kind: .declared) })
        let graph = ComponentGraphBuilder.build(workspace, moduleGraph: moduleGraph)
        #expect(graph.scopeNames == ["MVC/TicTacToe", "Pluginized/TicTacToe", "SwiftUI-MVVM/TicTacToe"])

        for (app, generatedFile) in Self.generated.sorted(by: { $0.key < $1.key }) {
            let text = try String(contentsOf: root.appendingPathComponent(generatedFile), encoding: .utf8)
            let scope = try #require(graph.onlyScope(app))
            let actual = Set(scope.resolutions.map {
                Parity.Entry(path: Parity.pathText($0.path), property: $0.property, type: $0.type, provider: $0.provider ?? "nil")
            })
            let expected = Parity.generatedEntries(text)
            #expect(!expected.isEmpty)
            #expect(actual.sorted() == expected.sorted(), "\(app)")
            let names = Dictionary(uniqueKeysWithValues: scope.nodes.map { ($0.id, $0.name) })
            var byName = scope
            byName.nodes = scope.nodes.map { var node = $0; node.id = node.name; return node }
            byName.edges = scope.edges.map { var edge = $0; edge.from = names[edge.from]!; edge.to = names[edge.to]!; return edge }
            #expect(Parity.allPaths(byName) == Parity.registeredPaths(text), "\(app)")
        }

        let context = LintContext(
            workspace: workspace, moduleGraph: moduleGraph, componentGraph: graph, configuration: ArchlintConfiguration())
        let componentRules = RuleRegistry.all.filter { $0.description.group != .module }
        #expect(componentRules.flatMap { $0.init().check(context) }.map(\.message) == [])
        // As one world (no targets known), the same folder has the false duplicates this fixes.
        let unscoped = LintContext(
            workspace: scanned, moduleGraph: ModuleGraph(), componentGraph: ComponentGraphBuilder.build(scanned),
            configuration: ArchlintConfiguration())
        #expect(!DuplicateComponentRule().check(unscoped).isEmpty)
    }
}
