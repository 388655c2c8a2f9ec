import ArchlintModel
import Foundation
import Testing

@testable import Configuration

/// Builds workspaces and module graphs by hand: `module("UICore")` is a target of `AppPackage`.
private struct GraphBuilder {
    var modules: [Module] = []
    var externals: [Module] = []
    var edges: [ModuleEdge] = []

    mutating func target(_ name: String, _ type: ModuleType = .regular) {
        modules.append(Module(id: "AppPackage/\(name)", name: name, package: "AppPackage", manifest: "AppPackage/Package.swift", type: type))
    }

    mutating func folder(_ name: String, files: [String]) {
        modules.append(Module(id: name, name: name, type: .unassigned, path: name, files: files))
    }

    mutating func external(_ name: String) {
        externals.append(Module(id: name, name: name, type: .external))
    }

    mutating func edge(_ from: String, _ to: String, _ kind: ModuleEdgeKind = .import) {
        func id(_ name: String) -> String {
            (modules + externals).first { $0.name == name }!.id
        }
        edges.append(ModuleEdge(from: id(from), to: id(to), kind: kind))
    }

    var workspace: WorkspaceModel { WorkspaceModel(root: ".", modules: modules) }
    var graph: ModuleGraph { ModuleGraph(nodes: modules + externals, edges: edges) }

    /// Proposes a configuration and checks what `archlint init` promises: it loads strictly, validates against
    /// the schema, layers every internal module, and the current graph has no layer violation under it.
    func proposeSoundly(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (text: String, configuration: ArchlintConfiguration) {
        let text = ConfigurationProposer.propose(workspace: workspace, moduleGraph: graph)
        let configuration = try ConfigurationLoader.load(text: text, rules: ruleSchemas)
        let schema = try SchemaValidator.validate(yaml: text)
        #expect(schema.valid, "\(schema.output)", sourceLocation: sourceLocation)
        let names = Dictionary(uniqueKeysWithValues: (modules + externals).map { ($0.id, $0.name) })
        let matcher = CompiledLayers(configuration.layers)
        for edge in edges {
            let from = matcher.layerIndex(ofModuleNamed: names[edge.from]!)
            let to = matcher.layerIndex(ofModuleNamed: names[edge.to]!)
            if let from, let to {
                #expect(from <= to, "layer violation \(names[edge.from]!) → \(names[edge.to]!)\n\(text)", sourceLocation: sourceLocation)
            }
        }
        for module in modules where ![.test, .macro, .plugin].contains(module.type) {
            #expect(matcher.layerIndex(ofModuleNamed: module.name) != nil, "\(module.name) has no layer", sourceLocation: sourceLocation)
        }
        for module in modules where module.type == .test {
            #expect(matcher.layerIndex(ofModuleNamed: module.name) == nil, "\(module.name) is a test target", sourceLocation: sourceLocation)
        }
        return (text, configuration)
    }
}

private func layers(_ configuration: ArchlintConfiguration) -> [String] {
    configuration.layers.map { "\($0.name): \($0.modules.joined(separator: " "))" }
}

@Suite struct ConfigurationProposerTests {
    private func conventionalApp() -> GraphBuilder {
        var builder = GraphBuilder()
        builder.folder("App", files: ["App/AppDelegate.swift", "App/RootComponent.swift"])
        for name in ["ProfileFeature", "GachaFeature", "ProfileFeatureInterface", "GachaInterface", "UICore", "DesignSystem", "Assets", "Networking"] {
            builder.target(name)
        }
        builder.target("ProfileFeatureTests", .test)
        builder.external("Lottie")
        builder.external("UIKit")
        builder.edge("App", "ProfileFeature")
        builder.edge("App", "GachaFeature")
        builder.edge("ProfileFeature", "GachaInterface")
        builder.edge("ProfileFeature", "GachaInterface", .declared)
        builder.edge("ProfileFeature", "ProfileFeatureInterface")
        builder.edge("ProfileFeature", "UICore")
        builder.edge("GachaFeature", "UICore")
        builder.edge("GachaInterface", "Networking")
        builder.edge("UICore", "DesignSystem")
        builder.edge("UICore", "Networking")
        builder.edge("DesignSystem", "Assets")
        builder.edge("DesignSystem", "Lottie")
        builder.edge("DesignSystem", "UIKit")
        builder.edge("ProfileFeatureTests", "ProfileFeature")
        builder.edge("ProfileFeatureTests", "GachaFeature")
        return builder
    }

    @Test func conventionalAppGetsNamedLayersWithGlobs() throws {
        let (text, configuration) = try conventionalApp().proposeSoundly()
        #expect(layers(configuration) == [
            "app: *App",
            "feature: *Feature",
            "interface: *Interface",
            "core: *Core",
            "design-system: DesignSystem*",
            "assets: Assets*",
            "foundation: Networking",
        ])
        #expect(configuration.modules == [ModuleMapping(path: "App/**", name: "App")])
        #expect(configuration.features.modules == ["*Feature"])
        #expect(configuration.features.interfaces == FeatureConfiguration().interfaces)
        #expect(!configuration.features.byShape)
        #expect(text == """
            # archlint configuration, proposed by `archlint init` from the modules it found and their dependencies.
            # Review each guess, then run `archlint lint`. Every configuration starts from the built-in `default`
            # preset; see Rules/archlint.schema.json for every key.

            # Sources outside Package.swift and project (Xcode, XcodeGen, Tuist) targets, mapped to modules (path
            # globs are relative to the root; $1, $2, … insert what the path's wildcards matched, e.g.
            # {path: "Projects/Feature/*/Sources/**", name: "$1"}).
            # Folders whose files matched no target are proposed as one module per folder.
            modules:
              - {path: "App/**", name: "App"}  # 2 Swift files in App/

            # Feature modules may import other features' interface modules, never their implementations.
            # Features found (`archlint explain MODULE` says why):
            #   GachaFeature: its name ends in Feature; exposes GachaInterface.
            #   ProfileFeature: its name ends in Feature; exposes ProfileFeatureInterface.
            # Listing modules here turns recognition by shape off: add new features to this list.
            features:
              modules: ["*Feature"]
              # {feature} is the feature's name without its Feature suffix.
              interfaces: ["{feature}Interface", "{feature}FeatureInterface", "*Interface"]

            # Layers, top to bottom: a module belongs to the layer of the most specific entry matching its name (a
            # name beats a glob, fewer wildcards beat more, then the first) and may import modules of its own layer
            # or lower ones; "!glob" takes modules out of a layer. Guessed from module names (App, *Feature, *Interface, *Core,
            # DesignSystem, Assets) and target kinds (apps, extensions), then moved up where the targets' declared
            # dependencies and imports require it, so today's graph has no layer violation. Test targets, macros,
            # plugins and external modules are not layered.
            layers:
              # app: the app and composition roots: apps, extensions, executables, folders outside packages, *App.
              - name: "app"
                modules: ["*App"]
              # feature: feature implementations (*Feature).
              - name: "feature"
                modules: ["*Feature"]
              # interface: what features expose to each other (*Interface).
              - name: "interface"
                modules: ["*Interface"]
              # core: shared core modules (*Core, Core*).
              - name: "core"
                modules: ["*Core"]
              # design-system: the design system (DesignSystem*).
              - name: "design-system"
                modules: ["DesignSystem*"]
              # assets: assets and resources.
              - name: "assets"
                modules: ["Assets*"]
              # foundation: modules without a naming convention that only lower modules depend on.
              #   Networking: no naming convention and no internal dependencies: placed at the bottom.
              - name: "foundation"
                modules: ["Networking"]

            # Severities (error, warning, note, off) or {severity: …, options: {…}}. The default preset sets:
            # rules:
            #   cross-feature-import: error
            #   module-cycle: error
            #   layer-violation: error
            #   undeclared-import: warning
            #   unused-dependency: warning
            #   test-import-in-production: warning
            #   stable-dependencies: off
            #   missing-dependency: error
            #   invalid-component-instantiation: error
            #   component-cycle: error
            #   orphan-component: warning
            #   duplicate-component: error
            #   stale-needle-generated: warning
            #   needle-isolation: warning
            #   missing-dependency-conformance: error
            #   view-router-shortcut: error
            #   builder-anyview: warning

            """)
    }

    @Test func anUpwardDependencyMovesTheModuleUpAndSaysWhy() throws {
        var builder = conventionalApp()
        builder.target("NetworkCore")
        builder.target("SettingsFeature")
        builder.edge("UICore", "SettingsFeature")
        builder.edge("GachaFeature", "NetworkCore")
        let (text, configuration) = try builder.proposeSoundly()
        #expect(layers(configuration) == [
            "app: *App",
            "feature: *Feature UICore",
            "interface: *Interface",
            "core: *Core",
            "design-system: DesignSystem*",
            "assets: Assets*",
            "foundation: Networking",
        ])
        #expect(text.contains("#   UICore: named like core but depends on SettingsFeature (feature), so it sits in feature; move that dependency down to restore the convention.\n"))
    }

    /// The issue's fixture: DesignSystem imports UICore, which imports DesignSystem.
    @Test func aCycleSharesOneLayer() throws {
        var builder = conventionalApp()
        builder.edge("DesignSystem", "UICore")
        let (text, configuration) = try builder.proposeSoundly()
        #expect(layers(configuration) == [
            "app: *App",
            "feature: *Feature",
            "interface: *Interface",
            "core: *Core DesignSystem",
            "assets: Assets*",
            "foundation: Networking",
        ])
        #expect(text.contains("#   DesignSystem: in a dependency cycle with UICore, so they share a layer (module-cycle reports the cycle).\n"))
        #expect(text.contains("#   UICore: in a dependency cycle with DesignSystem, so they share a layer (module-cycle reports the cycle).\n"))
    }

    @Test func globsThatWouldCatchExternalOrTestModulesAreReplacedByNames() throws {
        var builder = conventionalApp()
        builder.external("FirebaseCore")
        builder.edge("DesignSystem", "FirebaseCore")
        builder.target("CoreKit")
        builder.target("CoreKitTests", .test)
        builder.edge("CoreKitTests", "ProfileFeature")
        builder.edge("ProfileFeature", "CoreKit")
        let (text, configuration) = try builder.proposeSoundly()
        #expect(layers(configuration) == [
            "app: *App",
            "feature: *Feature",
            "interface: *Interface",
            "core: CoreKit UICore",
            "design-system: DesignSystem*",
            "assets: Assets*",
            "foundation: Networking",
        ])
        #expect(configuration.layerIndex(ofModuleNamed: "FirebaseCore") == nil)
        #expect(text.contains("# \"*Core\" is not proposed as a glob because it would also match FirebaseCore; modules are listed by name instead.\n"))
        #expect(text.contains("# \"Core*\" is not proposed as a glob because it would also match CoreKitTests; modules are listed by name instead.\n"))
    }

    /// Modules without a convention follow the dependency order: each sits with its highest dependency.
    @Test func diamondOfUnconventionalModules() throws {
        var builder = GraphBuilder()
        for name in ["Left", "Right", "Bottom", "Analytics"] { builder.target(name) }
        builder.target("tool", .executable)
        builder.target("ShopFeature")
        builder.edge("tool", "Left")
        builder.edge("tool", "Right", .declared)
        builder.edge("Left", "Bottom")
        builder.edge("Right", "Bottom")
        builder.edge("Right", "ShopFeature")
        builder.edge("ShopFeature", "Analytics")
        let (text, configuration) = try builder.proposeSoundly()
        #expect(layers(configuration) == [
            "app: tool",
            "feature: *Feature Right",
            "foundation: Analytics Bottom Left",
        ])
        #expect(text.contains("#   tool: an executable target.\n"))
        #expect(text.contains("#   Right: no naming convention; placed with its highest dependency, ShopFeature.\n"))
        #expect(text.contains("#   Left: no naming convention; placed with its highest dependency, Bottom.\n"))
    }

    @Test func largeCycleAndDeepChainStayConsistent() throws {
        var builder = GraphBuilder()
        let count = 300
        for index in 0..<count { builder.target("M\(index)") }
        for index in 0..<(count - 1) { builder.edge("M\(index)", "M\(index + 1)") }
        builder.edge("M250", "M200")
        builder.target("RootApp", .executable)
        builder.edge("RootApp", "M0")
        let (_, configuration) = try builder.proposeSoundly()
        #expect(configuration.layers.map(\.name) == ["app", "foundation"])
    }

    /// Re-running `archlint init` keeps the mappings and exclusions the workspace was scanned with.
    @Test func currentModulesAndExcludeAreKept() throws {
        var builder = conventionalApp()
        builder.modules.append(Module(id: "Widget", name: "Widget", type: .config, path: "Extensions/Widget", files: ["Extensions/Widget/W.swift"]))
        builder.edge("Widget", "UICore")
        let current = ArchlintConfiguration(
            exclude: ["**/Generated/**"], modules: [ModuleMapping(path: "Extensions/*/**", name: "$1")])
        let text = ConfigurationProposer.propose(workspace: builder.workspace, moduleGraph: builder.graph, current: current)
        let configuration = try ConfigurationLoader.load(text: text, rules: ruleSchemas)
        #expect(configuration.exclude == ["**/Generated/**"])
        #expect(configuration.modules == [
            ModuleMapping(path: "Extensions/*/**", name: "$1"), ModuleMapping(path: "App/**", name: "App"),
        ])
        #expect(text.contains("  - {path: \"Extensions/*/**\", name: \"$1\"}  # kept from the current configuration\n"))
        #expect(configuration.layerIndex(ofModuleNamed: "Widget") == 0)
        #expect(text.contains("#   Widget: sources outside any package, like an app's main target.\n"))
        let schema = try SchemaValidator.validate(yaml: text)
        #expect(schema.valid, "\(schema.output)")
    }

    @Test func emptyWorkspaceProposesNoLayers() throws {
        let (text, configuration) = try GraphBuilder().proposeSoundly()
        #expect(configuration.layers.isEmpty)
        #expect(configuration.modules.isEmpty)
        #expect(text.contains("# No internal modules were found, so no layers are proposed.\nlayers: []\n"))
        #expect(text.contains("# No module is named or shaped like a feature"))
    }

    /// A Tuist repository: project targets are the modules (apps and extensions on top, layered by their declared
    /// dependencies), `modules:` maps only what no target compiles, and Tuist's own files are never proposed.
    @Test func projectTargetsAreTheModulesAndTuistToolingIsLeftOut() throws {
        func target(_ name: String, _ type: ModuleType) -> Module {
            Module(id: "App/\(name)", name: name, project: "Projects/App/Project.swift", type: type, files: ["Projects/App/\(name)/A.swift"])
        }
        let modules = [
            target("App", .app), target("Widget", .appExtension), target("HomeFeature", .framework),
            target("Networking", .framework), target("AppTests", .unitTest),
            Module(id: "Tuist", name: "Tuist", type: .unassigned, path: "Tuist", files: ["Tuist/ProjectDescriptionHelpers/Project+Templates.swift"]),
            Module(id: "Scripts", name: "Scripts", type: .unassigned, path: "Scripts", files: ["Scripts/Release.swift"]),
        ]
        let edges = [
            ModuleEdge(from: "App/App", to: "App/HomeFeature", kind: .declared),
            ModuleEdge(from: "App/HomeFeature", to: "App/Networking", kind: .declared),
            ModuleEdge(from: "App/Widget", to: "App/Networking", kind: .declared),
            ModuleEdge(from: "App/AppTests", to: "App/App", kind: .declared),
            ModuleEdge(from: "Tuist", to: "App/App", kind: .import),
        ]
        let text = ConfigurationProposer.propose(
            workspace: WorkspaceModel(root: ".", modules: modules), moduleGraph: ModuleGraph(nodes: modules, edges: edges),
            current: nil, isToolingFile: { $0.hasPrefix("Tuist/") })
        let configuration = try ConfigurationLoader.load(text: text, rules: ruleSchemas)
        #expect(configuration.modules == [ModuleMapping(path: "Scripts/**", name: "Scripts")])
        #expect(configuration.layers == [
            LayerConfiguration(name: "app", modules: ["*App", "Scripts", "Widget"]),
            LayerConfiguration(name: "feature", modules: ["*Feature"]),
            LayerConfiguration(name: "foundation", modules: ["Networking"]),
        ])
        #expect(text.contains("#   Widget: an app extension target.\n"))
        #expect(text.contains("# Tuist's manifests, helpers and plugins are tooling, not app code: not mapped or layered.\n"))
        #expect(!text.contains("Tuist/**"))
        let schema = try SchemaValidator.validate(yaml: text)
        #expect(schema.valid, "\(schema.output)")
    }

    /// isowords: `AppFeature` wires the features together (a composition root) and `Tests/` holds test files no
    /// target compiles; Home Assistant: `fastlane/SnapshotHelper.swift` imports XCTest. The proposal keeps them
    /// out, so linting with it adds no finding the model wouldn't make.
    @Test func compositionRootsAndUncompiledTestsAreNoFeaturesAndNoModules() throws {
        var builder = GraphBuilder()
        for name in ["AppFeature", "HomeFeature", "ShopFeature", "Styleguide"] { builder.target(name) }
        builder.target("App", .app)
        builder.folder("Tests", files: ["Tests/GameFeatureTests/GameTests.swift"])
        builder.folder("fastlane", files: ["fastlane/SnapshotHelper.swift"])
        builder.external("XCTest")
        builder.edge("fastlane", "XCTest")
        for (from, to) in [("App", "AppFeature"), ("AppFeature", "HomeFeature"), ("AppFeature", "ShopFeature"),
                           ("HomeFeature", "Styleguide"), ("ShopFeature", "Styleguide")] {
            builder.edge(from, to, .declared)
            builder.edge(from, to)
        }
        builder.edge("Tests", "XCTest")
        let text = ConfigurationProposer.propose(workspace: builder.workspace, moduleGraph: builder.graph)
        let configuration = try ConfigurationLoader.load(text: text, rules: ruleSchemas)
        #expect(configuration.features.modules == ["*Feature", "!AppFeature"], "\(text)")
        #expect(text.contains("#   AppFeature is no feature: a composition root: no feature depends on it and it wires 2 features together"), "\(text)")
        let classifier = ArchitectureClassifier(configuration: configuration, graph: builder.graph)
        let appFeature = try #require(builder.graph.nodes.first { $0.name == "AppFeature" })
        #expect(classifier.kind(of: appFeature) != .feature)
        #expect(configuration.modules.isEmpty, "\(text)")
        #expect(text.contains("# Not mapped: 1 Swift file in Tests/ that no target compiles; they are tests no target compiles"), "\(text)")
        #expect(text.contains("# Not mapped: 1 Swift file in fastlane/ that no target compiles; they are tests no target compiles"), "\(text)")
    }
}
