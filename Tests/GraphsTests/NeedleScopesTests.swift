import ArchlintModel
import Graphs
import Testing

/// Hand-built repositories with app targets: one Needle world per app.
enum ScopedRepo {
    static func module(_ id: String, _ type: ModuleType) -> Module {
        Module(id: id, name: String(id.split(separator: "/").last ?? Substring(id)), project: "Apps.xcodeproj", type: type)
    }

    static func declared(_ from: String, _ to: String) -> ModuleEdge {
        ModuleEdge(from: from, to: to, kind: .declared)
    }

    /// `RootComponent` → `AppComponent` in one app's folder; the root provides `session` when `provides`.
    static func app(_ folder: String, module: String, provides: Bool = true, extraChild: String? = nil) -> [ScannedFile] {
        let rootCalls = [Facts.child("AppComponent", in: "RootComponent")]
        var files = [
            Facts.file("\(folder)/RootComponent.swift", module: module, types: [
                Facts.component("RootComponent", "BootstrapComponent", properties: provides ? [Facts.property("session", "Session")] : []),
            ], calls: rootCalls),
            Facts.file("\(folder)/AppComponent.swift", module: module, types: [
                Facts.dependency("AppDependency", properties: [Facts.property("session", "Session", line: 2)]),
                Facts.component("AppComponent", "Component<AppDependency>", line: 5),
            ], calls: extraChild.map { [Facts.child($0, in: "AppComponent")] } ?? []),
        ]
        if let extraChild {
            files.append(Facts.file("\(folder)/\(extraChild).swift", module: module, types: [
                Facts.dependency("LoggedOutDependency", properties: [Facts.property("session", "Session", line: 2)]),
                Facts.component(extraChild, "Component<LoggedOutDependency>", line: 5),
            ]))
        }
        return files
    }

    /// A main app and two sample apps, each with its own `RootComponent` and `AppComponent`; only Sample1's
    /// `AppComponent` has a `LoggedOutComponent`, and Sample2's root provides nothing.
    static var mainAndSamples: (WorkspaceModel, ModuleGraph) {
        let modules = [
            module("Apps/Main", .app), module("Apps/Sample1", .app), module("Apps/Sample2", .app),
            module("Apps/MainTests", .unitTest),
        ]
        let files = (app("Main", module: "Apps/Main") + app("Sample1", module: "Apps/Sample1", extraChild: "LoggedOutComponent")
            + app("Sample2", module: "Apps/Sample2", provides: false)).sorted { $0.path < $1.path }
        let workspace = WorkspaceModel(root: "/repo", modules: modules, files: files)
        return (workspace, ModuleGraph(nodes: modules, edges: [declared("Apps/MainTests", "Apps/Main")]))
    }
}

@Suite struct NeedleScopesTests {
    @Test func eachAppIsItsOwnWorldWithItsOwnNodesEdgesAndResolutions() {
        let (workspace, moduleGraph) = ScopedRepo.mainAndSamples
        let scopes = NeedleScopes(workspace, moduleGraph: moduleGraph)
        #expect(scopes.scopes.map(\.name) == ["Apps/Main", "Apps/Sample1", "Apps/Sample2"])
        #expect(scopes.isMultiple)
        let graph = ComponentGraphBuilder.build(scopes)
        #expect(graph.nodes.map(\.id) == [
            "Apps/Main::AppComponent", "Apps/Main::RootComponent",
            "Apps/Sample1::AppComponent", "Apps/Sample1::LoggedOutComponent", "Apps/Sample1::RootComponent",
            "Apps/Sample2::AppComponent", "Apps/Sample2::RootComponent",
        ])
        #expect(graph.nodes.map(\.scope) == [
            "Apps/Main", "Apps/Main", "Apps/Sample1", "Apps/Sample1", "Apps/Sample1", "Apps/Sample2", "Apps/Sample2",
        ])
        #expect(graph.edges.map { "\($0.from) -> \($0.to) @\($0.scope ?? "nil") \($0.file)" } == [
            "Apps/Main::RootComponent -> Apps/Main::AppComponent @Apps/Main Main/RootComponent.swift",
            "Apps/Sample1::AppComponent -> Apps/Sample1::LoggedOutComponent @Apps/Sample1 Sample1/AppComponent.swift",
            "Apps/Sample1::RootComponent -> Apps/Sample1::AppComponent @Apps/Sample1 Sample1/RootComponent.swift",
            "Apps/Sample2::RootComponent -> Apps/Sample2::AppComponent @Apps/Sample2 Sample2/RootComponent.swift",
        ])
        #expect(graph.resolutions.map { "\($0.scope ?? "nil")|" + ComponentGraph(resolutions: [$0]).resolutionLines[0] } == [
            "Apps/Main|AppComponent|RootComponent>AppComponent|session: Session -> RootComponent",
            "Apps/Sample1|AppComponent|RootComponent>AppComponent|session: Session -> RootComponent",
            "Apps/Sample1|LoggedOutComponent|RootComponent>AppComponent>LoggedOutComponent|session: Session -> RootComponent",
            "Apps/Sample2|AppComponent|RootComponent>AppComponent|session: Session -> nil",
        ])
    }

    @Test func appClosureFollowsDeclaredEdgesButNotIntoOtherAppsOrTests() {
        let modules = [
            ScopedRepo.module("P/App", .app), ScopedRepo.module("P/Widget", .appExtension),
            ScopedRepo.module("P/Feature", .framework), ScopedRepo.module("P/Core", .staticLibrary),
            ScopedRepo.module("P/AppTests", .unitTest),
        ]
        let edges = [
            ScopedRepo.declared("P/App", "P/Feature"), ScopedRepo.declared("P/Feature", "P/Core"),
            ScopedRepo.declared("P/App", "P/Widget"), ScopedRepo.declared("P/App", "P/AppTests"),
            ScopedRepo.declared("P/Widget", "P/Core"),
        ]
        let types = Dictionary(uniqueKeysWithValues: modules.map { ($0.id, $0.type) })
        var dependencies: [String: Set<String>] = [:]
        for edge in edges { dependencies[edge.from, default: []].insert(edge.to) }
        #expect(NeedleScopes.closure(of: "P/App", dependencies: dependencies, types: types) == ["P/App", "P/Feature", "P/Core"])
        #expect(NeedleScopes.closure(of: "P/Widget", dependencies: dependencies, types: types) == ["P/Widget", "P/Core"])
    }

    /// A file compiled by the app and its extension: the component is in both worlds, as two nodes.
    @Test func aFileSharedByAppAndExtensionIsInBothScopes() {
        let modules = [ScopedRepo.module("P/App", .app), ScopedRepo.module("P/Share", .appExtension)]
        let shared = ScopedRepo.app("Shared", module: "P/App")
        let files = (shared + shared.map { ScannedFile(facts: $0.facts, module: "P/Share") })
            .sorted { ($0.path, $0.module) < ($1.path, $1.module) }
        let workspace = WorkspaceModel(root: "/repo", modules: modules, files: files)
        let graph = ComponentGraphBuilder.build(workspace, moduleGraph: ModuleGraph(nodes: modules))
        #expect(graph.nodes.map(\.id) == [
            "P/App::AppComponent", "P/App::RootComponent", "P/Share::AppComponent", "P/Share::RootComponent",
        ])
        #expect(Set(graph.nodes.map(\.file)) == ["Shared/AppComponent.swift", "Shared/RootComponent.swift"])
        #expect(graph.resolutions.map(\.scope) == ["P/App", "P/Share"])
        #expect(graph.resolutions.map(\.provider) == ["RootComponent", "RootComponent"])
    }

    /// Without app modules the workspace is one scope, exactly as before scopes existed.
    @Test func withoutAppsTheWorkspaceIsOneScopeAndTheGraphIsUnchanged() {
        let files = ScopedRepo.app("Sources/App", module: "App")
        let workspace = WorkspaceModel(
            root: "/repo", modules: [Module(id: "Pkg/App", name: "App", type: .regular)], files: files)
        let scoped = ComponentGraphBuilder.build(workspace, moduleGraph: ModuleGraph())
        #expect(scoped == ComponentGraphBuilder.build(workspace))
        #expect(scoped.nodes.map(\.id) == ["AppComponent", "RootComponent"])
        #expect(scoped.nodes.allSatisfy { $0.scope == nil } && scoped.edges.allSatisfy { $0.scope == nil })
        #expect(scoped.resolutions.allSatisfy { $0.scope == nil })
        #expect(NeedleScopes(workspace, moduleGraph: ModuleGraph()).scopes.map(\.kind) == [.workspace])
    }

    /// One app whose closure holds every component: one scope, so plain ids and no `scope`.
    @Test func aSingleAppWithEverythingInItsClosureKeepsPlainIds() {
        let modules = [ScopedRepo.module("P/App", .app)]
        let workspace = WorkspaceModel(root: "/repo", modules: modules, files: ScopedRepo.app("App", module: "P/App"))
        let graph = ComponentGraphBuilder.build(workspace, moduleGraph: ModuleGraph(nodes: modules))
        #expect(graph == ComponentGraphBuilder.build(workspace))
        #expect(graph.nodes.map(\.id) == ["AppComponent", "RootComponent"])
    }

    /// Library components outside every app: one scope per root (named by the root) with what it reaches, and
    /// what no root reaches by module. A test bundle's mock does not clash with the app's components.
    @Test func componentsOutsideEveryAppFormOneScopePerRoot() {
        let modules = [
            ScopedRepo.module("P/App", .app), ScopedRepo.module("P/AppTests", .unitTest),
            Module(id: "Kit/Lib", name: "Lib", type: .regular),
        ]
        var files = ScopedRepo.app("App", module: "P/App")
        files += [
            Facts.file("Lib/LibRoot.swift", module: "Kit/Lib", types: [
                Facts.component("LibRootComponent", "BootstrapComponent"),
                Facts.component("OtherRootComponent", "BootstrapComponent", line: 9),
            ], calls: [
                Facts.child("SharedComponent", in: "LibRootComponent"),
                Facts.child("SharedComponent", in: "OtherRootComponent", line: 11),
            ]),
            Facts.file("Lib/Shared.swift", module: "Kit/Lib", types: [
                Facts.dependency("SharedDependency"), Facts.component("SharedComponent", "Component<SharedDependency>", line: 5),
            ]),
            Facts.file("Tests/Mocks.swift", module: "P/AppTests", types: [
                Facts.dependency("MockDependency"), Facts.component("AppComponent", "Component<MockDependency>", line: 5),
            ]),
        ]
        let workspace = WorkspaceModel(root: "/repo", modules: modules, files: files)
        let moduleGraph = ModuleGraph(nodes: modules, edges: [ScopedRepo.declared("P/AppTests", "P/App")])
        let scopes = NeedleScopes(workspace, moduleGraph: moduleGraph)
        #expect(scopes.scopes.map { "\($0.kind.rawValue) \($0.name ?? "nil")" } == [
            "app P/App", "root LibRootComponent", "root OtherRootComponent", "module P/AppTests",
        ])
        let graph = ComponentGraphBuilder.build(scopes)
        #expect(graph.nodes.map(\.id) == [
            "LibRootComponent::LibRootComponent", "LibRootComponent::SharedComponent",
            "OtherRootComponent::OtherRootComponent", "OtherRootComponent::SharedComponent",
            "P/App::AppComponent", "P/App::RootComponent", "P/AppTests::AppComponent",
        ])
        #expect(graph.edges.map { "\($0.from) -> \($0.to)" } == [
            "P/App::RootComponent -> P/App::AppComponent",
            "LibRootComponent::LibRootComponent -> LibRootComponent::SharedComponent",
            "OtherRootComponent::OtherRootComponent -> OtherRootComponent::SharedComponent",
        ])
    }

    /// A unit-test bundle that compiles the app's files itself (older projects do) makes no scope of its own,
    /// and two test bundles' mocks of the same name are in different scopes.
    @Test func testBundlesMakeNoFalseWorlds() {
        let modules = [
            ScopedRepo.module("P/App", .app), ScopedRepo.module("P/AppTests", .unitTest),
            ScopedRepo.module("P/UITests", .uiTest),
        ]
        let app = ScopedRepo.app("App", module: "P/App")
        let mock = { (module: String, path: String) in
            Facts.file(path, module: module, types: [
                Facts.dependency("MockDependency"), Facts.component("MockComponent", "Component<MockDependency>", line: 5),
            ])
        }
        let files = (app + app.map { ScannedFile(facts: $0.facts, module: "P/AppTests") }
            + [mock("P/AppTests", "AppTests/Mock.swift"), mock("P/UITests", "UITests/Mock.swift")])
            .sorted { ($0.path, $0.module) < ($1.path, $1.module) }
        let workspace = WorkspaceModel(root: "/repo", modules: modules, files: files)
        let scopes = NeedleScopes(workspace, moduleGraph: ModuleGraph(nodes: modules))
        #expect(scopes.scopes.map { "\($0.kind.rawValue) \($0.name ?? "nil")" } == [
            "app P/App", "module P/AppTests", "module P/UITests",
        ])
        let graph = ComponentGraphBuilder.build(scopes)
        #expect(graph.nodes.map(\.id) == [
            "P/App::AppComponent", "P/App::RootComponent", "P/AppTests::MockComponent", "P/UITests::MockComponent",
        ])
    }

    @Test func selectingOneScopeOfTheGraph() throws {
        let (workspace, moduleGraph) = ScopedRepo.mainAndSamples
        let graph = ComponentGraphBuilder.build(workspace, moduleGraph: moduleGraph)
        #expect(graph.scopeNames == ["Apps/Main", "Apps/Sample1", "Apps/Sample2"])
        let sample = try #require(graph.onlyScope("Apps/Sample1"))
        #expect(sample.nodes.map(\.name) == ["AppComponent", "LoggedOutComponent", "RootComponent"])
        #expect(sample.edges.count == 2)
        #expect(sample.resolutions.count == 2)
        #expect(graph.onlyScope("Sample1") == nil)
        #expect(graph.unknownScopeMessage("Sample1")
            == "No Needle scope named 'Sample1'. The component graph's scopes: Apps/Main, Apps/Sample1, Apps/Sample2.")
    }
}
