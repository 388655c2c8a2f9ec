import ArchlintModel
import Manifests
import Rules
import Testing

/// The module rules on hand-built graphs: exact messages, locations, subjects and related locations.
@Suite struct ModuleRuleTests {
    private static let buildable = "inject the Buildable from the composition root"

    // MARK: cross-feature-import

    private func featureWorkspace() -> MiniWorkspace {
        var workspace = MiniWorkspace()
        workspace.target("HomeFeature", dependencies: ["GachaFeature", "GachaInterface"])
        workspace.target("GachaFeature", dependencies: ["GachaInterface"])
        workspace.target("GachaInterface")
        workspace.target("ShopFeature")
        workspace.target("HomeFeatureTests", .test, dependencies: ["HomeFeature", "ShopFeature"])
        workspace.configModule("AppMain")
        workspace.file("Sources/HomeFeature/Home.swift", in: "App/HomeFeature", imports: ["GachaInterface", "GachaFeature #if DEBUG"])
        workspace.file("Sources/GachaFeature/Gacha.swift", in: "App/GachaFeature", imports: ["GachaInterface"])
        workspace.file("Tests/HomeFeatureTests/HomeTests.swift", in: "App/HomeFeatureTests", imports: ["@testable HomeFeature", "ShopFeature"])
        workspace.file("AppMain/AppDelegate.swift", in: "AppMain", imports: ["HomeFeature", "GachaFeature", "ShopFeature"])
        return workspace
    }

    @Test func crossFeatureImportsAreReportedInSourceAndManifest() {
        let workspace = featureWorkspace()
        let diagnostics = workspace.run(CrossFeatureImportRule())
        let gachaFix = "another feature's implementation; depend on 'GachaInterface' instead and \(Self.buildable)"
        let shopFix = "another feature's implementation; move what it needs into an interface module such as 'ShopInterface', depend on that and \(Self.buildable)"
        #expect(diagnostics.map(\.line) == [
            "Package.swift:11:13: 'HomeFeature' declares a dependency on 'GachaFeature', \(gachaFix)",
            "Package.swift:\(workspace.dependencyLine("HomeFeatureTests", 1)):13: 'HomeFeatureTests' declares a dependency on 'ShopFeature', \(shopFix)",
            "Sources/HomeFeature/Home.swift:2:1: 'HomeFeature' imports 'GachaFeature' inside #if DEBUG, \(gachaFix)",
            "Tests/HomeFeatureTests/HomeTests.swift:2:1: 'HomeFeatureTests' imports 'ShopFeature', \(shopFix)",
        ])
        #expect(diagnostics.allSatisfy { $0.severity == .error && $0.rule == "cross-feature-import" })
        #expect(diagnostics[2].subject == ["App/HomeFeature", "App/GachaFeature", "GachaFeature"])
        #expect(diagnostics[2].module == "HomeFeature")
    }

    @Test func interfacesMatchingTheFeatureGlobAreNotFeatures() {
        var workspace = MiniWorkspace()
        workspace.target("HomeFeature", dependencies: ["GachaFeatureInterface"])
        workspace.target("GachaFeatureInterface")
        workspace.target("GachaFeature")
        workspace.file("Sources/HomeFeature/Home.swift", in: "App/HomeFeature", imports: ["GachaFeatureInterface", "GachaFeature"])
        let configuration = ArchlintConfiguration(
            features: FeatureConfiguration(modules: ["*Feature*"], interfaces: ["{feature}FeatureInterface"]))
        #expect(workspace.run(CrossFeatureImportRule(), configuration: configuration).map(\.line) == [
            "Sources/HomeFeature/Home.swift:2:1: 'HomeFeature' imports 'GachaFeature', another feature's implementation; depend on 'GachaFeatureInterface' instead and \(Self.buildable)",
        ])
    }

    // MARK: module-cycle

    @Test func aTwoModuleCycleIsReportedOnceAtTheUndeclaredImportWithEveryEdge() {
        var workspace = MiniWorkspace()
        workspace.target("UICore", dependencies: ["DesignSystem"])
        workspace.target("DesignSystem")
        workspace.file("Sources/UICore/Theme.swift", in: "App/UICore", imports: ["DesignSystem"])
        workspace.file("Sources/DesignSystem/Button.swift", in: "App/DesignSystem", imports: ["SwiftUI", "UICore"])
        let diagnostics = workspace.run(ModuleCycleRule())
        #expect(diagnostics.map(\.line) == [
            "Sources/DesignSystem/Button.swift:2:1: module cycle: DesignSystem → UICore → DesignSystem; break it by removing one of these dependencies: move the code the lower module needs down into it, or make it depend on a protocol and inject the implementation from above",
        ])
        #expect(diagnostics.first?.related.map { "\($0.location.file):\($0.location.line): \($0.message)" } == [
            "Sources/DesignSystem/Button.swift:2: 'DesignSystem' imports 'UICore'",
            "Sources/UICore/Theme.swift:1: 'UICore' imports 'DesignSystem'",
            "Package.swift:11: 'UICore' declares a dependency on 'DesignSystem'",
        ])
        #expect(diagnostics.first?.subject == ["App/DesignSystem", "App/UICore"])
        #expect(diagnostics.first?.module == "DesignSystem")
    }

    private func fourModuleComponent() -> MiniWorkspace {
        var workspace = MiniWorkspace()
        for name in ["A", "B", "C", "D"] { workspace.target(name) }
        workspace.file("Sources/A/A.swift", in: "App/A", imports: ["B"])
        workspace.file("Sources/B/B.swift", in: "App/B", imports: ["C"])
        workspace.file("Sources/C/C.swift", in: "App/C", imports: ["A", "D #if DEBUG"])
        workspace.file("Sources/D/D.swift", in: "App/D", imports: ["A"])
        return workspace
    }

    @Test func aBigComponentPrintsItsShortestCycleAndNamesEveryMember() {
        let diagnostics = fourModuleComponent().run(ModuleCycleRule())
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.line.hasPrefix(
            "Sources/A/A.swift:1:1: module cycle: A → B → C → A (4 modules depend on each other: A, B, C, D); break it") == true)
        #expect(diagnostics.first?.related.map(\.message) == [
            "'A' imports 'B'", "'B' imports 'C'", "'C' imports 'A'", "'C' imports 'D' inside #if DEBUG", "'D' imports 'A'",
        ])
    }

    @Test func withLayersTheCycleIsReportedAtItsUpwardEdge() {
        let configuration = ArchlintConfiguration(layers: [
            LayerConfiguration(name: "top", modules: ["C"]), LayerConfiguration(name: "bottom", modules: ["A", "B"]),
        ])
        let diagnostics = fourModuleComponent().run(ModuleCycleRule(), configuration: configuration)
        #expect(diagnostics.first?.line.hasPrefix("Sources/B/B.swift:1:1: module cycle: B → C → A → B (4 modules") == true)
    }

    @Test func acyclicGraphsHaveNoCycles() {
        var workspace = MiniWorkspace()
        workspace.target("A", dependencies: ["B"])
        workspace.target("B")
        workspace.target("ATests", .test, dependencies: ["A", "B"])
        workspace.file("Sources/A/A.swift", in: "App/A", imports: ["B", "Foundation"])
        workspace.file("Sources/B/B.swift", in: "App/B", imports: ["Foundation"])
        workspace.file("Tests/ATests/ATests.swift", in: "App/ATests", imports: ["@testable A", "B"])
        #expect(workspace.run(ModuleCycleRule()).isEmpty)
    }

    // MARK: layer-violation

    @Test func upwardDependenciesAreLayerViolations() {
        var workspace = MiniWorkspace()
        workspace.target("HomeFeature", dependencies: ["UICore"])
        workspace.target("UICore", dependencies: ["DesignSystem", "NetworkCore"])
        workspace.target("NetworkCore")
        workspace.target("DesignSystem", dependencies: ["HomeFeature"])
        workspace.target("Tools")
        workspace.file("Sources/HomeFeature/Home.swift", in: "App/HomeFeature", imports: ["UICore"])
        workspace.file("Sources/UICore/Theme.swift", in: "App/UICore", imports: ["DesignSystem", "NetworkCore", "Tools"])
        workspace.file("Sources/DesignSystem/Button.swift", in: "App/DesignSystem", imports: ["HomeFeature #if DEBUG"])
        workspace.file("Sources/Tools/Tool.swift", in: "App/Tools", imports: ["HomeFeature"])
        let configuration = ArchlintConfiguration(layers: [
            LayerConfiguration(name: "feature", modules: ["*Feature"]),
            LayerConfiguration(name: "core", modules: ["*Core"]),
            LayerConfiguration(name: "design-system", modules: ["DesignSystem"]),
        ])
        let advice = "a module may only depend on its own layer or lower: move the code it needs down to design-system or below, or invert the dependency with a protocol injected from above"
        let diagnostics = workspace.run(LayerViolationRule(), configuration: configuration)
        #expect(diagnostics.map(\.line) == [
            "Package.swift:\(workspace.dependencyLine("DesignSystem", 0)):13: 'DesignSystem' (layer design-system) declares a dependency on 'HomeFeature' of the higher layer feature; \(advice)",
            "Sources/DesignSystem/Button.swift:1:1: 'DesignSystem' (layer design-system) imports 'HomeFeature' of the higher layer feature inside #if DEBUG; \(advice)",
        ])
        #expect(workspace.run(LayerViolationRule()).isEmpty, "no layers configured, nothing to check")
    }

    // MARK: undeclared-import

    @Test func undeclaredImportsCountTransitiveReexports() {
        var workspace = MiniWorkspace()
        let targetLine = workspace.target("A", dependencies: ["B"])
        workspace.target("B", dependencies: ["C"])
        workspace.target("C", dependencies: ["D"])
        workspace.target("D")
        workspace.target("E")
        workspace.target("ATests", .test)
        workspace.configModule("AppMain")
        workspace.file("Sources/A/A.swift", in: "App/A", imports: ["Foundation", "B", "C", "D", "E #if DEBUG", "Lottie"])
        workspace.file("Sources/B/B.swift", in: "App/B", imports: ["@_exported C"])
        workspace.file("Sources/C/C.swift", in: "App/C", imports: ["@_exported D"])
        workspace.file("Tests/ATests/ATests.swift", in: "App/ATests", imports: ["@testable A"])
        workspace.file("AppMain/Main.swift", in: "AppMain", imports: ["E"])
        let diagnostics = workspace.run(UndeclaredImportRule())
        #expect(diagnostics.map(\.line) == [
            "Sources/A/A.swift:5:1: 'A' imports 'E' inside #if DEBUG, a target of its package that it doesn't declare (it compiles only while the build order happens to build 'E' first); add \"E\" to the dependencies of target 'A' in Package.swift",
            "Tests/ATests/ATests.swift:1:1: 'ATests' imports 'A', a target of its package that it doesn't declare (it compiles only while the build order happens to build 'A' first); add \"A\" to the dependencies of target 'ATests' in Package.swift",
        ])
        #expect(diagnostics.first?.related.map { "\($0.location.file):\($0.location.line):\($0.location.column): \($0.message)" } == [
            "Package.swift:\(targetLine):9: target 'A' is declared here",
        ])
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.subject == ["App/A", "App/E", "E"])
    }

    @Test func anUndeclaredImportThatWouldCloseACycleAsksToRemoveTheImport() {
        var workspace = MiniWorkspace()
        workspace.target("HomeFeature", dependencies: ["UICore"])
        workspace.target("UICore", dependencies: ["DesignSystem"])
        workspace.target("DesignSystem")
        workspace.file("Sources/HomeFeature/Home.swift", in: "App/HomeFeature", imports: ["UICore"])
        workspace.file("Sources/UICore/Theme.swift", in: "App/UICore", imports: ["DesignSystem"])
        workspace.file("Sources/DesignSystem/Button.swift", in: "App/DesignSystem", imports: ["UIKit", "HomeFeature"])
        #expect(workspace.run(UndeclaredImportRule()).map(\.line) == [
            "Sources/DesignSystem/Button.swift:2:1: 'DesignSystem' imports 'HomeFeature', a target of its package that it doesn't declare and can't: 'HomeFeature' already depends on it (HomeFeature → UICore → DesignSystem); remove the import and move what it needs down into 'DesignSystem' or below",
        ])
    }

    // MARK: unused-dependency

    @Test func unusedDependenciesCountReexportsAndSkipNonImportableTargets() {
        var workspace = MiniWorkspace()
        workspace.manifest.dependencies = [
            PackageDependencyDecl(kind: .url, location: "https://github.com/apple/swift-log", identity: "swift-log", line: 5, column: 9),
        ]
        workspace.target("A", dependencies: ["B", "C", "Tool", "Macros", "Unused"], products: [("Logging", "swift-log")])
        workspace.target("B", dependencies: ["C"])
        workspace.target("C")
        workspace.target("Unused")
        workspace.target("Tool", .executable)
        workspace.target("Macros", .macro)
        workspace.target("Headers", dependencies: ["C"])
        workspace.file("Sources/A/A.swift", in: "App/A", imports: ["C"])
        workspace.file("Sources/B/B.swift", in: "App/B", imports: ["@_exported C"])
        // Unused has code: a target with no Swift file (C, a system library) is never checked.
        workspace.file("Sources/Unused/Unused.swift", in: "App/Unused", imports: [])
        let diagnostics = workspace.run(UnusedDependencyRule())
        #expect(diagnostics.map(\.line) == [
            "Package.swift:\(workspace.dependencyLine("A", 4)):13: target 'A' declares a dependency on 'Unused' but none of its files imports it; remove it from the target's dependencies in Package.swift",
            "Package.swift:\(workspace.dependencyLine("A", 5)):13: target 'A' declares a dependency on 'Logging' but none of its files imports it; remove it from the target's dependencies in Package.swift",
        ])
        #expect(diagnostics.last?.subject == ["App/A", "swift-log/Logging", "Logging"])
        #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.module == "A" })
    }

    /// RaceOnProject/RaceOn-iOS: the app declares Data and imports nothing of it; its Presentation imports Data
    /// without declaring it, and builds only because the app builds Data first. "Remove it" alone would break
    /// Presentation: the finding says to declare it there first. Where another dependency still builds it, plain.
    @Test func aDependencyALinkedModuleImportsUndeclaredIsRemovedAfterDeclaringItThere() {
        var workspace = MiniWorkspace()
        workspace.target("App", dependencies: ["Presentation", "Data"])
        workspace.target("Presentation")
        workspace.target("Data")
        workspace.target("Kit", dependencies: ["Presentation", "Data", "Glue"])
        workspace.target("Glue", dependencies: ["Data"])
        workspace.file("Sources/App/App.swift", in: "App/App", imports: ["Presentation"])
        workspace.file("Sources/Presentation/P.swift", in: "App/Presentation", imports: ["Data"])
        workspace.file("Sources/Data/D.swift", in: "App/Data", imports: [])
        workspace.file("Sources/Kit/K.swift", in: "App/Kit", imports: ["Presentation", "Glue"])
        workspace.file("Sources/Glue/G.swift", in: "App/Glue", imports: ["Data"])
        #expect(workspace.run(UnusedDependencyRule()).map(\.line) == [
            "Package.swift:\(workspace.dependencyLine("App", 1)):13: target 'App' declares a dependency on 'Data' but none of its "
                + "files imports it; 'Presentation', which it links, imports it without declaring it and builds only because this "
                + "target builds it first: declare it there (see undeclared-import), then remove it from the target's dependencies in Package.swift",
            "Package.swift:\(workspace.dependencyLine("Kit", 1)):13: target 'Kit' declares a dependency on 'Data' but none of its "
                + "files imports it; remove it from the target's dependencies in Package.swift",
        ])
    }

    /// mash-up-kr/PPAC-iOS: the app links Recommend and imports nothing of it; its Home feature imports Recommend, another
    /// feature's implementation, undeclared. "Declare it there" would contradict cross-feature-import: it goes first.
    @Test func aLinkedFeaturesImportOfAnotherFeatureIsToGoNotToBeDeclared() {
        var workspace = MiniWorkspace()
        workspace.target("App", dependencies: ["HomeFeature", "RecommendFeature"])
        workspace.target("HomeFeature")
        workspace.target("RecommendFeature")
        workspace.file("Sources/App/App.swift", in: "App/App", imports: ["HomeFeature"])
        workspace.file("Sources/HomeFeature/H.swift", in: "App/HomeFeature", imports: ["RecommendFeature"])
        workspace.file("Sources/RecommendFeature/R.swift", in: "App/RecommendFeature", imports: [])
        #expect(workspace.run(UnusedDependencyRule()).map(\.line) == [
            "Package.swift:\(workspace.dependencyLine("App", 1)):13: target 'App' declares a dependency on 'RecommendFeature' but "
                + "none of its files imports it; 'HomeFeature', which it links, imports it, another feature's implementation, and "
                + "builds only because this target builds it first (see cross-feature-import): once it no longer imports it, "
                + "remove it from the target's dependencies in Package.swift",
        ])
    }

    // MARK: options

    private func configuration(_ rule: String, _ options: [String: ConfigValue]) -> ArchlintConfiguration {
        ArchlintConfiguration(rules: [rule: RuleSetting(severity: .warning, options: options)])
    }

    @Test func allowListsExemptModulePairs() {
        let allow = ConfigValue.list([.map(["from": .string("Home*"), "to": .string("Gacha*")])])
        let crossFeature = featureWorkspace().run(
            CrossFeatureImportRule(), configuration: configuration("cross-feature-import", ["allow": allow]))
        #expect(crossFeature.map(\.subject[0]) == ["App/HomeFeatureTests", "App/HomeFeatureTests"])

        var layered = MiniWorkspace()
        layered.target("DesignSystem", dependencies: ["HomeFeature"])
        layered.target("HomeFeature")
        layered.file("Sources/DesignSystem/Button.swift", in: "App/DesignSystem", imports: ["HomeFeature"])
        var layers = configuration("layer-violation", [
            "allow": .list([.map(["from": .string("DesignSystem"), "to": .string("*Feature")])]),
        ])
        layers.layers = [
            LayerConfiguration(name: "feature", modules: ["*Feature"]),
            LayerConfiguration(name: "design-system", modules: ["DesignSystem"]),
        ]
        #expect(layered.run(LayerViolationRule(), configuration: layers).isEmpty)
    }

    @Test func undeclaredImportsCanAllowTransitiveTargetsAndIgnoreNames() {
        var workspace = MiniWorkspace()
        workspace.target("A", dependencies: ["B"])
        workspace.target("B", dependencies: ["C"])
        workspace.target("C")
        workspace.target("Generated")
        workspace.file("Sources/A/A.swift", in: "App/A", imports: ["B", "C", "Generated"])
        // B has code of its own: an umbrella (no files) would pass C through.
        workspace.file("Sources/B/B.swift", in: "App/B", imports: ["C"])
        let strict = workspace.run(UndeclaredImportRule())
        #expect(strict.map(\.line) == [
            "Sources/A/A.swift:2:1: 'A' imports 'C', a target of its package that it doesn't declare directly; it is only reachable transitively (A → B → C) and breaks when 'B' drops it; add \"C\" to the dependencies of target 'A' in Package.swift",
            "Sources/A/A.swift:3:1: 'A' imports 'Generated', a target of its package that it doesn't declare (it compiles only while the build order happens to build 'Generated' first); add \"Generated\" to the dependencies of target 'A' in Package.swift",
        ])
        let relaxed = workspace.run(
            UndeclaredImportRule(), configuration: configuration("undeclared-import", ["allowTransitive": .bool(true)]))
        #expect(relaxed.map(\.location.line) == [3])
        let ignoring = workspace.run(
            UndeclaredImportRule(), configuration: configuration("undeclared-import", ["ignore": .list([.string("Gen*")])]))
        #expect(ignoring.map(\.location.line) == [2])
    }

    @Test func unusedDependenciesCanBeIgnoredByName() {
        var workspace = MiniWorkspace()
        workspace.target("SwiftSyntax", dependencies: ["SwiftSyntax509", "SwiftSyntax510", "Helpers"])
        workspace.target("SwiftSyntax509")
        workspace.target("SwiftSyntax510")
        workspace.target("Helpers")
        workspace.file("Sources/SwiftSyntax/Syntax.swift", in: "App/SwiftSyntax", imports: ["Foundation"])
        workspace.file("Sources/Helpers/Helpers.swift", in: "App/Helpers", imports: [])
        let diagnostics = workspace.run(
            UnusedDependencyRule(), configuration: configuration("unused-dependency", ["ignore": .list([.string("SwiftSyntax5*")])]))
        #expect(diagnostics.map(\.subject) == [["App/SwiftSyntax", "App/Helpers", "Helpers"]])
    }
}
