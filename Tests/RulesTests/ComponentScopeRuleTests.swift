import ArchlintModel
import Graphs
import Rules
import Testing

/// The Needle rules in a repository with several apps: one world per app.
@Suite struct ComponentScopeRuleTests {
    typealias T = ComponentRuleTests

    static func file(_ path: String, module: String, types: [TypeDecl], calls: [CallFact] = []) -> ScannedFile {
        var file = T.file(path, types: types, calls: calls)
        file.module = module
        return file
    }

    static func app(_ id: String, _ type: ModuleType = .app) -> Module {
        Module(id: id, name: String(id.split(separator: "/").last!), project: "Apps.xcodeproj", type: type)
    }

    /// `RootComponent` → `AppComponent` (needs `session`) in an app's folder.
    static func appFiles(_ folder: String, module: String, providesSession: Bool, child: String? = nil) -> [ScannedFile] {
        var files = [
            file("\(folder)/RootComponent.swift", module: module, types: [
                T.component("RootComponent", "BootstrapComponent", properties: providesSession ? [PropertyDecl(name: "session", type: "Session", isComputed: true, accessLevel: "public", line: 4, column: 9)] : []),
            ], calls: [T.call("AppComponent", "parent", "self", in: "RootComponent")]),
            file("\(folder)/AppComponent.swift", module: module, types: [
                T.proto("AppDependency", properties: [T.property("session", "Session")]),
                T.component("AppComponent", "Component<AppDependency>", line: 5),
            ], calls: child.map { [T.call($0, "parent", "self", in: "AppComponent")] } ?? []),
        ]
        if let child {
            files.append(file("\(folder)/\(child).swift", module: module, types: [
                T.proto("LoggedOutDependency"), T.component(child, "Component<LoggedOutDependency>", line: 5),
            ]))
        }
        return files
    }

    /// Main and Sample1 provide `session`; Sample2 does not. Sample1 alone has `LoggedOutComponent`.
    static func mainAndSamples(extra: [ScannedFile] = [], modules extraModules: [Module] = [], edges: [ModuleEdge] = []) -> LintContext {
        let modules = [app("Apps/Main"), app("Apps/Sample1"), app("Apps/Sample2")] + extraModules
        let files = (appFiles("Main", module: "Apps/Main", providesSession: true)
            + appFiles("Sample1", module: "Apps/Sample1", providesSession: true, child: "LoggedOutComponent")
            + appFiles("Sample2", module: "Apps/Sample2", providesSession: false) + extra).sorted { $0.path < $1.path }
        let workspace = WorkspaceModel(root: "/repo", modules: modules, files: files)
        let moduleGraph = ModuleGraph(nodes: modules, edges: edges)
        return LintContext(
            workspace: workspace, moduleGraph: moduleGraph,
            componentGraph: ComponentGraphBuilder.build(workspace, moduleGraph: moduleGraph),
            configuration: ArchlintConfiguration())
    }

    @Test func sameNamesInDifferentAppsAreNoDuplicates() {
        #expect(DuplicateComponentRule().check(Self.mainAndSamples()) == [])
    }

    @Test func duplicatesInsideOneAppAreStillReportedAndNameTheApp() {
        let context = Self.mainAndSamples(extra: [
            Self.file("Sample2/Other.swift", module: "Apps/Sample2", types: [T.component("AppComponent", "Component<AppDependency>")]),
        ])
        let diagnostics = DuplicateComponentRule().check(context)
        #expect(diagnostics.map(\.location.file) == ["Sample2/AppComponent.swift", "Sample2/Other.swift"])
        #expect(diagnostics.allSatisfy { $0.message.hasSuffix(" In the Needle world of app Apps/Sample2.") })
    }

    /// A library both samples link declares the same component twice: one finding per declaration, naming both.
    @Test func aDuplicateInASharedLibraryIsReportedOnceNamingEveryApp() {
        let library = Module(id: "Kit/Shared", name: "Shared", type: .regular)
        let context = Self.mainAndSamples(
            extra: [
                Self.file("Kit/A.swift", module: "Kit/Shared", types: [T.proto("ToolDependency"), T.component("ToolComponent", "Component<ToolDependency>")]),
                Self.file("Kit/B.swift", module: "Kit/Shared", types: [T.component("ToolComponent", "Component<ToolDependency>")]),
            ],
            modules: [library],
            edges: [
                ModuleEdge(from: "Apps/Sample1", to: "Kit/Shared", kind: .declared),
                ModuleEdge(from: "Apps/Sample2", to: "Kit/Shared", kind: .declared),
            ])
        let diagnostics = DuplicateComponentRule().check(context)
        #expect(diagnostics.map(\.location.file) == ["Kit/A.swift", "Kit/B.swift"])
        #expect(diagnostics.allSatisfy { $0.message.hasSuffix(" In the Needle world of app Apps/Sample1 and app Apps/Sample2.") })
        // Reached by no root in either app: an orphan once, not once per app.
        let orphans = OrphanComponentRule().check(context)
        #expect(orphans.map(\.location.file) == ["Kit/A.swift"])
    }

    /// Two test bundles outside every app, each with its own mock of the same name: no duplicate, and no orphan
    /// (a test's component is built on a stand-in parent; needle's generator never reads tests).
    @Test func mocksOfTwoTestBundlesAreNoDuplicates() {
        let mock = { (module: String, path: String) in
            Self.file(path, module: module, types: [T.proto("MockDependency"), T.component("MockComponent", "Component<MockDependency>")])
        }
        let context = Self.mainAndSamples(
            extra: [mock("Apps/MainTests", "MainTests/Mock.swift"), mock("Apps/SampleTests", "SampleTests/Mock.swift")],
            modules: [Self.app("Apps/MainTests", .unitTest), Self.app("Apps/SampleTests", .uiTest)])
        #expect(DuplicateComponentRule().check(context) == [])
        #expect(OrphanComponentRule().check(context) == [])
    }

    @Test func missingDependencyIsPerAppAndNamesTheApp() {
        let diagnostics = MissingDependencyRule().check(Self.mainAndSamples())
        #expect(diagnostics.map(\.subject) == [["AppComponent", "AppDependency", "session", "Apps/Sample2"]])
        #expect(diagnostics.map(\.location) == [SourceLocation(file: "Sample2/AppComponent.swift", line: 2, column: 9)])
        #expect(diagnostics.first?.message.hasSuffix(" In the Needle world of app Apps/Sample2.") == true)
        #expect(diagnostics.first?.message.contains("on path ^->RootComponent->AppComponent:") == true)
    }

    @Test func orphansArePerAppAndNameTheApp() {
        let context = Self.mainAndSamples(extra: [
            Self.file("Main/Legacy.swift", module: "Apps/Main", types: [T.proto("LegacyDependency"), T.component("LegacyComponent", "Component<LegacyDependency>")]),
        ])
        let diagnostics = OrphanComponentRule().check(context)
        #expect(diagnostics.map(\.subject) == [["LegacyComponent"]])
        #expect(diagnostics.first?.message == "LegacyComponent is an orphan: no root component of its Needle world reaches it "
            + "through `parent: self` instantiations. needle skips it, so its dependencies are never checked. Instantiate "
            + "it with `LegacyComponent(parent: self)` in a component a root reaches, or delete it. In the Needle world "
            + "of app Apps/Main.")
    }

    @Test func cyclesAreFoundPerAppWithComponentNames() {
        let context = Self.mainAndSamples(extra: [
            Self.file("Sample2/Loop.swift", module: "Apps/Sample2", types: [T.proto("LoopDependency"), T.component("LoopComponent", "Component<LoopDependency>")],
                      calls: [T.call("AppComponent", "parent", "self", in: "LoopComponent")]),
            Self.file("Sample2/AppLoop.swift", module: "Apps/Sample2", types: [T.component("Unused", "NSObject")],
                      calls: [T.call("LoopComponent", "parent", "self", in: "AppComponent")]),
        ])
        let diagnostics = ComponentCycleRule().check(context)
        #expect(diagnostics.map(\.subject) == [["AppComponent", "LoopComponent", "AppComponent"]])
        #expect(diagnostics.first?.message.hasPrefix("Component cycle AppComponent -> LoopComponent -> AppComponent:") == true)
        #expect(diagnostics.first?.message.hasSuffix(" In the Needle world of app Apps/Sample2.") == true)
    }
}
