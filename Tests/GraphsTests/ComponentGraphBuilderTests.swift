import ArchlintModel
import Graphs
import Testing

@Suite struct ComponentGraphBuilderTests {
    /// Root → FeatureA → FeatureB: nearest ancestor wins, the component's own scope is never searched.
    static let tree = Facts.workspace(
        Facts.file("Sources/App/RootComponent.swift", types: [
            Facts.component("RootComponent", "BootstrapComponent", properties: [
                Facts.property("analytics", "Analytics"),
                Facts.property("session", "Session", line: 6),
                Facts.property("cache", "[String:Int]", line: 7),
            ]),
        ], calls: [Facts.child("FeatureAComponent", in: "RootComponent")]),
        Facts.file("Sources/FeatureA/FeatureAComponent.swift", module: "FeatureA", types: [
            Facts.dependency("FeatureADependency", properties: [Facts.property("analytics", "Analytics", line: 2)]),
            Facts.component("FeatureAComponent", "Component<FeatureADependency>", line: 5, properties: [
                Facts.property("session", "Session", line: 6),
            ]),
        ], calls: [Facts.child("FeatureB.FeatureBComponent", in: "FeatureAComponent")]),
        Facts.file("Sources/FeatureB/FeatureBComponent.swift", module: "FeatureB", types: [
            Facts.dependency("FeatureBDependency", properties: [
                Facts.property("session", "Session", line: 2),
                Facts.property("analytics", "Analytics", line: 3),
                Facts.property("cache", "[String: Int]", line: 4),
                Facts.property("featureFlags", "FeatureFlags", line: 5),
            ]),
            Facts.component("FeatureBComponent", "NeedleFoundation.Component<FeatureBDependency>", line: 8, properties: [
                Facts.property("featureFlags", "FeatureFlags", line: 9),
            ]),
        ])
    )

    @Test func resolvesNearestAncestorFirstAndNeverTheComponentItself() {
        let graph = ComponentGraphBuilder.build(Self.tree)
        #expect(graph.resolutionLines == [
            "FeatureAComponent|RootComponent>FeatureAComponent|analytics: Analytics -> RootComponent",
            "FeatureBComponent|RootComponent>FeatureAComponent>FeatureBComponent|session: Session -> FeatureAComponent",
            "FeatureBComponent|RootComponent>FeatureAComponent>FeatureBComponent|analytics: Analytics -> RootComponent",
            "FeatureBComponent|RootComponent>FeatureAComponent>FeatureBComponent|cache: [String: Int] -> RootComponent",
            "FeatureBComponent|RootComponent>FeatureAComponent>FeatureBComponent|featureFlags: FeatureFlags -> nil",
        ])
    }

    @Test func nodesCarryKindModuleDependencyAndProviders() {
        let graph = ComponentGraphBuilder.build(Self.tree)
        #expect(graph.nodes.map(\.id) == ["FeatureAComponent", "FeatureBComponent", "RootComponent"])
        let root = graph.nodes.first { $0.id == "RootComponent" }
        #expect(root?.type == .root)
        #expect(root?.dependency == nil)
        #expect(root?.module == "App")
        #expect(root?.provides.map(\.name) == ["analytics", "session", "cache"])
        let featureB = graph.nodes.first { $0.id == "FeatureBComponent" }
        #expect(featureB?.type == .component)
        #expect(featureB?.dependency == "FeatureBDependency")
        #expect(featureB?.file == "Sources/FeatureB/FeatureBComponent.swift")
        #expect(featureB?.line == 8)
    }

    /// boostcampwm2023/iOS10-OpenList declares its own `class Component<ParentDependency>` and builds
    /// `LoginComponent: Component<LoginDependency>` on it: Swift reads `Component` there as the module's own class,
    /// so it is no Needle component (17 were reported orphans, 14 misplaced). Another module's component stays one,
    /// and so does one written `NeedleFoundation.Component`.
    @Test func aModulesOwnComponentClassIsNotNeedles() {
        let workspace = Facts.workspace(
            Facts.file("OpenList/Utils/Component.swift", module: "OpenList", imports: ["Foundation"], types: [
                TypeDecl(kind: .class, name: "Component", inheritance: ["Parent"], line: 14, column: 7),
            ]),
            Facts.file("OpenList/Login/LoginViewFactory.swift", module: "OpenList", imports: ["Foundation"], types: [
                Facts.dependency("LoginDependency"),
                Facts.component("LoginComponent", "Component<LoginDependency>"),
                Facts.component("QualifiedComponent", "NeedleFoundation.Component<LoginDependency>", line: 9),
            ]),
            Facts.file("Feature/FeatureComponent.swift", module: "Feature", types: [
                Facts.dependency("FeatureDependency"),
                Facts.component("FeatureComponent", "Component<FeatureDependency>"),
            ]))
        #expect(ComponentGraphBuilder.build(workspace).nodes.map(\.id) == ["FeatureComponent", "QualifiedComponent"])
    }

    @Test func moduleQualifiedAndContextualInitCallsAreEdgesWithTheirConditions() {
        let workspace = Facts.workspace(
            Facts.file("Sources/App/Root.swift", types: [
                Facts.component("RootComponent", "BootstrapComponent"),
            ], calls: [
                Facts.child(".init", in: "RootComponent", contextType: "Home.HomeComponent", line: 5),
                Facts.child("Settings.SettingsComponent.init", in: "RootComponent", condition: "DEBUG", line: 7),
                Facts.child("super.init", in: "RootComponent", parent: "parent", line: 9),
            ]),
            Facts.file("Sources/Home/Home.swift", module: "Home", types: [
                Facts.dependency("HomeDependency"),
                Facts.component("HomeComponent", "Component<HomeDependency>"),
            ]),
            Facts.file("Sources/Settings/Settings.swift", module: "Settings", types: [
                Facts.dependency("SettingsDependency"),
                Facts.component("SettingsComponent", "Component<SettingsDependency>"),
            ])
        )
        let graph = ComponentGraphBuilder.build(workspace)
        #expect(graph.edges == [
            ComponentEdge(from: "RootComponent", to: "HomeComponent", file: "Sources/App/Root.swift", line: 5, column: 27),
            ComponentEdge(from: "RootComponent", to: "SettingsComponent", file: "Sources/App/Root.swift", line: 7, column: 27, condition: "DEBUG"),
        ])
    }

    @Test func inheritedDependencyProtocolsContributeRequirements() {
        let workspace = Facts.workspace(
            Facts.file("Sources/App/Root.swift", types: [
                Facts.component("RootComponent", "BootstrapComponent", properties: [Facts.property("apiClient", "APIClient")]),
            ], calls: [Facts.child("ChildComponent", in: "RootComponent")]),
            Facts.file("Sources/App/Child.swift", types: [
                Facts.dependency("NetworkingDependency", properties: [Facts.property("apiClient", "APIClient", line: 2)]),
                Facts.dependency("LoggingRequirements", inherits: [], line: 4, properties: [Facts.property("logger", "Logger", line: 5)]),
                Facts.dependency("ChildDependency", inherits: ["NetworkingDependency", "LoggingRequirements"], line: 7),
                Facts.component("ChildComponent", "Component<ChildDependency>", line: 9),
            ])
        )
        let analysis = NeedleAnalysis(workspace)
        #expect(analysis.dependencyProtocolsByName["ChildDependency"]?.requirements.map { "\($0.declaredIn).\($0.name)" }
            == ["NetworkingDependency.apiClient", "LoggingRequirements.logger"])
        #expect(analysis.dependencyProtocolsByName["LoggingRequirements"] == nil)
        #expect(ComponentGraphBuilder.build(workspace).resolutionLines == [
            "ChildComponent|RootComponent>ChildComponent|apiClient: APIClient -> RootComponent",
            "ChildComponent|RootComponent>ChildComponent|logger: Logger -> nil",
        ])
    }

    @Test func providersComeFromExtensionsButNotFromPrivateOrStaticProperties() {
        let workspace = Facts.workspace(
            Facts.file("Sources/App/Root.swift", types: [
                Facts.component("RootComponent", "BootstrapComponent", properties: [
                    Facts.property("secret", "Secret", access: "private"),
                    Facts.property("store", nil, inferred: "Store"),
                    PropertyDecl(name: "shared", type: "Shared", isStatic: true, line: 8, column: 16),
                ]),
                Facts.extension("RootComponent", properties: [Facts.property("clock", "Clock", line: 21)]),
                Facts.extension("RootComponent", properties: [Facts.property("hidden", "Hidden", line: 25)], accessLevel: "fileprivate"),
            ])
        )
        let root = ComponentGraphBuilder.build(workspace).nodes.first
        // `store`'s type is inferred, not written: needle 0.25.1 takes only annotated properties.
        #expect(root?.provides.map(\.name) == ["clock"])
        #expect(root?.provides.map(\.type) == ["Clock"])
    }

    @Test func cyclesEndPathEnumerationAndPathsAreUnique() {
        let workspace = Facts.workspace(
            Facts.file("Sources/App/Root.swift", types: [
                Facts.component("RootComponent", "BootstrapComponent", properties: [Facts.property("clock", "Clock")]),
            ], calls: [Facts.child("AComponent", in: "RootComponent")]),
            Facts.file("Sources/App/A.swift", types: [
                Facts.dependency("ADependency", properties: [Facts.property("clock", "Clock", line: 2)]),
                Facts.component("AComponent", "Component<ADependency>", line: 4),
            ], calls: [
                Facts.child("BComponent", in: "AComponent", line: 10),
                Facts.child("BComponent", in: "AComponent", line: 11),
            ]),
            Facts.file("Sources/App/B.swift", types: [
                Facts.dependency("BDependency", properties: [Facts.property("clock", "Clock", line: 2)]),
                Facts.component("BComponent", "Component<BDependency>", line: 4),
            ], calls: [Facts.child("AComponent", in: "BComponent"), Facts.child("BComponent", in: "BComponent", line: 12)])
        )
        let graph = ComponentGraphBuilder.build(workspace)
        #expect(graph.resolutionLines == [
            "AComponent|RootComponent>AComponent|clock: Clock -> RootComponent",
            "BComponent|RootComponent>AComponent>BComponent|clock: Clock -> RootComponent",
        ])
        // One (shortest) cycle per strongly connected component: B's self-loop lies in the same one as A ⇄ B.
        #expect(ComponentCycles.find(children: NeedleResolver.children(graph.edges)) == [["BComponent", "BComponent"]])
    }

    @Test func everyRootToComponentPathIsResolved() {
        let workspace = Facts.workspace(
            Facts.file("Sources/App/Root.swift", types: [
                Facts.component("RootComponent", "BootstrapComponent"),
            ], calls: [Facts.child("HomeComponent", in: "RootComponent"), Facts.child("SettingsComponent", in: "RootComponent")]),
            Facts.file("Sources/App/Home.swift", types: [
                Facts.dependency("HomeDependency"),
                Facts.component("HomeComponent", "Component<HomeDependency>", properties: [Facts.property("session", "Session")]),
            ], calls: [Facts.child("ProfileComponent", in: "HomeComponent")]),
            Facts.file("Sources/App/Settings.swift", types: [
                Facts.dependency("SettingsDependency"),
                Facts.component("SettingsComponent", "Component<SettingsDependency>"),
            ], calls: [Facts.child("ProfileComponent", in: "SettingsComponent")]),
            Facts.file("Sources/App/Profile.swift", types: [
                Facts.dependency("ProfileDependency", properties: [Facts.property("session", "Session", line: 2)]),
                Facts.component("ProfileComponent", "Component<ProfileDependency>"),
            ])
        )
        #expect(ComponentGraphBuilder.build(workspace).resolutionLines == [
            "ProfileComponent|RootComponent>HomeComponent>ProfileComponent|session: Session -> HomeComponent",
            "ProfileComponent|RootComponent>SettingsComponent>ProfileComponent|session: Session -> nil",
        ])
    }

    @Test func ribsComponentsAndGeneratedFilesAreNotNeedleNodes() {
        let workspace = Facts.workspace(
            Facts.file("Sources/App/Root.swift", types: [Facts.component("RootComponent", "BootstrapComponent")]),
            Facts.file("Sources/Ribs/ChildBuilder.swift", imports: ["RIBs"], types: [
                Facts.dependency("ChildDependency"),
                Facts.component("ChildComponent", "Component<ChildDependency>"),
            ]),
            Facts.file("Sources/Ribs/OtherBuilder.swift", imports: ["RIBs", "NeedleFoundation"], types: [
                Facts.dependency("OtherDependency"),
                Facts.component("OtherComponent", "Component<OtherDependency>"),
            ], calls: [CallFact(callee: "OtherComponent", arguments: [CallArgument(label: "dependency", value: "dependency")], line: 9, column: 5)]),
            Facts.file("Sources/App/NeedleGenerated.swift", types: [
                Facts.component("GeneratedComponent", "Component<ChildDependency>"),
            ], generated: true)
        )
        let analysis = NeedleAnalysis(workspace)
        #expect(analysis.components.map { "\($0.name):\($0.flavor.rawValue)" }
            == ["RootComponent:needle", "ChildComponent:ribs", "OtherComponent:ribs"])
        #expect(ComponentGraphBuilder.build(workspace).nodes.map(\.id) == ["RootComponent"])
    }

    @Test func pluginizedAncestorsProvideThroughPluginExtensionOrNonCoreComponent() {
        let workspace = Facts.workspace(
            Facts.file("Sources/Core/Root.swift", types: [
                Facts.component("RootComponent", "BootstrapComponent", properties: [Facts.property("players", "Players")]),
            ], calls: [Facts.child("LoggedInComponent", in: "RootComponent")]),
            Facts.file("Sources/Core/Base.swift", types: [
                Facts.component("UberPluginizedComponent", "PluginizedComponent<D, P, N>"),
            ]),
            Facts.file("Sources/Core/LoggedIn.swift", types: [
                Facts.dependency("LoggedInPluginExtension", inherits: ["PluginExtension"], properties: [
                    Facts.property("scoreStream", "MutableScoreStream", line: 2),
                ]),
                Facts.component("LoggedInComponent", "UberPluginizedComponent<EmptyDependency, LoggedInPluginExtension, LoggedInNonCoreComponent>", line: 5),
            ], calls: [Facts.child("GameComponent", in: "LoggedInComponent")]),
            Facts.file("Sources/Integrations/LoggedInNonCore.swift", module: "Integrations", types: [
                Facts.component("LoggedInNonCoreComponent", "NonCoreComponent<EmptyDependency>", properties: [
                    Facts.property("scoreStream", "ScoreStream"),
                ]),
            ], calls: [Facts.child("SheetComponent", in: "LoggedInNonCoreComponent")]),
            Facts.file("Sources/Core/Game.swift", types: [
                Facts.dependency("GameDependency", properties: [
                    Facts.property("scoreStream", "MutableScoreStream", line: 2),
                    Facts.property("players", "Players", line: 3),
                ]),
                Facts.component("GameComponent", "Component<GameDependency>", line: 5),
            ]),
            Facts.file("Sources/Core/Sheet.swift", types: [
                Facts.dependency("SheetDependency", properties: [Facts.property("scoreStream", "ScoreStream", line: 2)]),
                Facts.component("SheetComponent", "Component<SheetDependency>", line: 5),
            ])
        )
        let graph = ComponentGraphBuilder.build(workspace)
        #expect(graph.nodes.map { "\($0.id):\($0.type.rawValue)" } == [
            "GameComponent:component", "LoggedInComponent:pluginized", "LoggedInNonCoreComponent:non-core",
            "RootComponent:root", "SheetComponent:component",
        ])
        #expect(graph.edges.contains { $0.from == "LoggedInComponent" && $0.to == "LoggedInNonCoreComponent" && $0.kind == "non-core" })
        #expect(graph.resolutionLines == [
            "GameComponent|RootComponent>LoggedInComponent>GameComponent|scoreStream: MutableScoreStream -> LoggedInComponent",
            "GameComponent|RootComponent>LoggedInComponent>GameComponent|players: Players -> RootComponent",
            "SheetComponent|RootComponent>LoggedInComponent>LoggedInNonCoreComponent>SheetComponent|scoreStream: ScoreStream -> LoggedInNonCoreComponent",
        ])
    }
}
