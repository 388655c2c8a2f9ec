import ArchlintModel
import Testing

/// What `ArchitectureClassifier` says about each module of a hand-made graph.
@Suite struct ArchitectureClassifierTests {
    static func module(_ name: String, _ type: ModuleType = .regular) -> Module {
        Module(id: "App/\(name)", name: name, package: "App", manifest: "App/Package.swift", type: type)
    }

    static let graph = ModuleGraph(
        nodes: [
            module("ProfileFeature"), module("ProfileInterface"), module("SettingsFeature"), module("BaseFeature"),
            module("LegacyFeature"), module("ProfileFeatureTests", .test), module("AppRoot"), module("DesignUIKit"),
            module("BaseService"), module("UserService"), Module(id: "UIKit", name: "UIKit", type: .external),
        ],
        edges: [ModuleEdge(from: "App/AppRoot", to: "App/ProfileFeature", kind: .import)])

    static let configuration = ArchlintConfiguration(
        features: FeatureConfiguration(
            modules: ["*Feature", "!Legacy*"], interfaces: ["{feature}Interface"], shared: ["BaseFeature", "*UIKit"]),
        layers: [
            LayerConfiguration(name: "features", modules: ["*Feature"]),
            LayerConfiguration(name: "services", modules: ["*Service"]),
            LayerConfiguration(name: "base", modules: ["BaseService", "*UIKit"]),
        ])

    let classifier = ArchitectureClassifier(configuration: Self.configuration, graph: Self.graph)

    func classification(_ name: String) -> ModuleClassification {
        classifier.classification(of: Self.graph.nodes.first { $0.name == name }!)
    }

    @Test func featuresInterfacesSharedAndTests() {
        #expect(classification("ProfileFeature").kind == .feature)
        #expect(classification("ProfileFeature").feature == "ProfileFeature")
        #expect(classification("ProfileInterface").kind == .interface)
        #expect(classification("ProfileInterface").interfaceOf == "ProfileFeature")
        #expect(classification("BaseFeature").isShared && classification("BaseFeature").kind == .core)
        #expect(classification("BaseFeature").feature == nil)
        #expect(classification("DesignUIKit").isShared)
        #expect(classification("LegacyFeature").kind == .core, "excluded by !Legacy*")
        #expect(classification("ProfileFeatureTests").kind == .test)
        #expect(classification("ProfileFeatureTests").feature == "ProfileFeature")
        #expect(classification("AppRoot").kind == .app, "a composition root")
        #expect(classification("UIKit").kind == .external)
    }

    @Test func layersTakeTheMostSpecificEntry() {
        #expect(classification("BaseService").layerName == "base")
        #expect(classification("UserService").layerName == "services")
        #expect(classification("ProfileFeature").layer == 0)
        #expect(classification("AppRoot").layer == nil)
    }

    @Test func crossFeatureNeverCountsSharedModules() {
        let profile = Self.graph.nodes.first { $0.name == "ProfileFeature" }!
        let settings = Self.graph.nodes.first { $0.name == "SettingsFeature" }!
        let base = Self.graph.nodes.first { $0.name == "BaseFeature" }!
        let tests = Self.graph.nodes.first { $0.name == "ProfileFeatureTests" }!
        #expect(classifier.isCrossFeature(from: settings, to: profile))
        #expect(!classifier.isCrossFeature(from: settings, to: base))
        #expect(!classifier.isCrossFeature(from: tests, to: profile))
        #expect(classifier.isCrossFeature(from: tests, to: settings))
        let suggested = classifier.suggestedInterface(for: "ProfileFeature")
        #expect(suggested.name == "ProfileInterface" && suggested.exists)
    }

    /// WSS: a UI component library with a demo app (`Projects/UI/WSSComponent` + `WSSComponentDemo`) heads no
    /// micro-feature family: its folder says it is a lower layer. The same shape in `Projects/Feature/` is a feature.
    @Test func aUIFolderModuleWithADemoIsNoFeature() {
        func framework(_ name: String, _ path: String, _ type: ModuleType = .framework) -> Module {
            Module(id: "App/\(name)", name: name, project: "\(path)/Project.swift", type: type, path: path)
        }
        let graph = ModuleGraph(nodes: [
            framework("WSSComponent", "Projects/UI/WSSComponent"),
            framework("WSSComponentDemo", "Projects/UI/WSSComponent/Demo", .app),
            framework("Review", "Projects/Feature/Review"),
            framework("ReviewDemo", "Projects/Feature/Review/Demo", .app),
        ], edges: [])
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph)
        #expect(classifier.kind(of: graph.nodes[0]) == .core, "\(classifier.classification(of: graph.nodes[0]).reason)")
        #expect(classifier.classification(of: graph.nodes[0]).reason.contains("UI/"))
        #expect(classifier.kind(of: graph.nodes[2]) == .feature)
    }

    /// `Features/Auth/AuthCore` holds the protocols `AuthImplementation` implements: the family's interface, so
    /// another feature depending on it crosses no feature; `AuthImplementation` stays a feature.
    @Test func aFeatureFoldersCoreIsItsFamilysInterface() {
        func framework(_ name: String, _ path: String) -> Module {
            Module(id: "App/\(name)", name: name, project: "features/\(path)/Project.swift", type: .framework,
                   path: "features/\(path)/\(name)")
        }
        let graph = ModuleGraph(nodes: [
            framework("AuthCore", "Auth"), framework("AuthImplementation", "Auth"), framework("AuthUI", "Auth"),
            framework("ProfileImplementation", "Profile"), framework("ProfileKit", "Profile"),
        ], edges: [])
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph)
        func kind(_ name: String) -> ModuleKind { classifier.kind(of: graph.nodes.first { $0.name == name }!) }
        #expect(kind("AuthCore") == .interface)
        #expect(kind("AuthImplementation") == .feature)
        #expect(kind("AuthUI") == .feature)
        #expect(kind("ProfileKit") == .feature)
        #expect(!classifier.isCrossFeature(from: graph.nodes[3], to: graph.nodes[0]))
        #expect(classifier.isCrossFeature(from: graph.nodes[3], to: graph.nodes[1]))
    }

    /// PINGPONG-IOS' `Projects/Feature/Core` builds `Core` and `Core-Dev` from the same files with the same
    /// dependencies. `Core` wires the features (a composition root); `Core-Dev` sat in the features folder and was a
    /// feature, so its declarations of the features it wires were 5 cross-feature errors `Core` didn't get. A
    /// variant is what the module whose name it extends is.
    @Test func aVariantIsClassifiedAsTheModuleItVaries() {
        func target(_ name: String, _ folder: String) -> Module {
            let project = "Projects/Feature/\(folder)/Project.swift"
            return Module(id: "\(folder)/\(name)", name: name, project: project, type: .framework,
                          path: "Projects/Feature/\(folder)/Sources", files: ["Projects/Feature/\(folder)/Sources/\(folder).swift"])
        }
        let core = target("Core", "Core"), coreDev = target("Core-Dev", "Core")
        let home = target("Home", "Home"), search = target("Search", "Search")
        let graph = ModuleGraph(nodes: [core, coreDev, home, search], edges: [core, coreDev].flatMap { wiring in
            [home, search].map { ModuleEdge(from: wiring.id, to: $0.id, kind: .declared) }
        })
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph)
        #expect(classifier.kind(of: core) == .app, "\(classifier.classification(of: core).reason)")
        #expect(classifier.kind(of: coreDev) == .app, "\(classifier.classification(of: coreDev).reason)")
        #expect(classifier.classification(of: coreDev).reason.hasPrefix("a variant of Core (its project builds the same files"))
        #expect(!classifier.isCrossFeature(from: coreDev, to: home))
        #expect(classifier.featureNames == ["Home", "Search"])
        #expect(classifier.kind(of: home) == .feature)
    }

    /// phongvhd93/tuist-microfeature keeps every module in `Features/`: Home and Profile, and Helpers, Extensions,
    /// Constants and CommonViews, which they build on. Their names say they are lower layers, not features: Profile
    /// using CommonViews and Helpers was 5 cross-feature errors. A name ending in `Feature` is a feature's still.
    @Test func helpersExtensionsAndCommonViewsInTheFeaturesFolderAreNoFeatures() {
        func module(_ name: String) -> Module {
            Module(id: "App/\(name)", name: name, project: "Project.swift", type: .framework, path: "Features/\(name)",
                   files: ["Features/\(name)/Sources/\(name).swift"])
        }
        let names = ["Home", "Profile", "Helpers", "Extensions", "Constants", "CommonViews", "CommonFeature"]
        let modules = names.map(module)
        let graph = ModuleGraph(nodes: modules, edges: [
            ModuleEdge(from: "App/Profile", to: "App/CommonViews", kind: .declared),
            ModuleEdge(from: "App/Profile", to: "App/Helpers", kind: .import),
            ModuleEdge(from: "App/CommonViews", to: "App/Extensions", kind: .declared),
        ])
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph)
        #expect(modules.filter { classifier.kind(of: $0) == .feature }.map(\.name) == ["Home", "Profile", "CommonFeature"])
        #expect(classifier.classification(of: modules[5]).reason.contains("its name begins with Common, a lower layer's"))
        #expect(!classifier.isCrossFeature(from: modules[1], to: modules[5]))
        #expect(!classifier.isCrossFeature(from: modules[1], to: modules[2]))
    }

    /// `Projects/Feature/Feature` wires the layer's features together (a Tuist TMA root module): named like the
    /// layer, it is no feature, so depending on every feature crosses none.
    @Test func aModuleNamedLikeTheFeaturesLayerIsNoFeature() {
        func framework(_ name: String, _ path: String) -> Module {
            Module(id: "\(name)/\(name)", name: name, project: "\(path)/Project.swift", type: .staticLibrary, path: "\(path)/Sources")
        }
        let root = framework("Feature", "Projects/Feature/Feature")
        let home = framework("HomeFeature", "Projects/Feature/HomeFeature")
        let graph = ModuleGraph(nodes: [root, home], edges: [ModuleEdge(from: root.id, to: home.id, kind: .declared)])
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph)
        #expect(classifier.kind(of: root) != .feature, "\(classifier.classification(of: root).reason)")
        #expect(classifier.kind(of: home) == .feature)
        #expect(!classifier.isCrossFeature(from: root, to: home))
    }

    /// LookMonster-iOS copies `Features/Vender/Auth/Login` to `Features/User/Auth/Login`: two projects each declare
    /// `LoginData`, `LoginDataImpl` and `LoginDataTests`. Each test target's family is its own project's feature's;
    /// before, both took the first `LoginData`'s, so the other copy's tests depending on their own
    /// implementation were "another feature's".
    @Test func aTestsFamilyIsItsOwnProjectsFeatureWhenTwoShareAName() {
        func target(_ name: String, _ folder: String, _ type: ModuleType = .framework) -> Module {
            let project = "Features/\(folder)/Auth/Login/LoginData/Project.swift"
            return Module(id: "\(project)/\(name)", name: name, project: project, type: type,
                          path: "Features/\(folder)/Auth/Login/LoginData/\(name)")
        }
        let vender = [target("LoginData", "Vender"), target("LoginDataImpl", "Vender"), target("LoginDataTests", "Vender", .unitTest)]
        let user = [target("LoginData", "User"), target("LoginDataImpl", "User"), target("LoginDataTests", "User", .unitTest)]
        let graph = ModuleGraph(nodes: vender + user, edges: [
            ModuleEdge(from: vender[2].id, to: vender[1].id, kind: .declared),
            ModuleEdge(from: user[2].id, to: user[1].id, kind: .declared),
        ])
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph)
        #expect(classifier.kind(of: user[1]) == .feature, "\(classifier.classification(of: user[1]).reason)")
        #expect(classifier.classification(of: user[2]).family == classifier.classification(of: user[1]).family)
        #expect(classifier.classification(of: vender[2]).family == classifier.classification(of: vender[1]).family)
        #expect(classifier.classification(of: user[2]).family != classifier.classification(of: vender[2]).family)
        #expect(!classifier.isCrossFeature(from: user[2], to: user[1]))
        #expect(!classifier.isCrossFeature(from: vender[2], to: vender[1]))
    }

    /// mash-up-kr/MOIT-iOS builds each feature as `MOITWeb` (in `Interface/`) beside `MOITWebImpl` (in
    /// `Implement/`). Before, both were features: 13 of 26 errors said another feature's `MOITWeb` was an
    /// implementation and advised a `MOITWebInterface`; the other 13 advised `MOITWebImplInterface`.
    @Test func aModuleBesideItsImplInOneProjectIsItsInterface() {
        func target(_ name: String, _ feature: String, _ folder: String) -> Module {
            let project = "Features/\(feature)/Project.swift"
            return Module(id: "\(project)/\(name)", name: name, project: project, type: .framework,
                          path: "Features/\(feature)/\(folder)")
        }
        let web = target("MOITWeb", "MOITWeb", "Interface"), webImpl = target("MOITWebImpl", "MOITWeb", "Implement")
        let list = target("MOITList", "MOITList", "Interface"), listImpl = target("MOITListImpl", "MOITList", "Implement")
        let graph = ModuleGraph(nodes: [web, webImpl, list, listImpl], edges: [])
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph)
        #expect(classifier.kind(of: web) == .interface, "\(classifier.classification(of: web).reason)")
        #expect(classifier.classification(of: web).interfaceOf == "MOITWebImpl")
        #expect(classifier.kind(of: webImpl) == .feature)
        #expect(!classifier.isCrossFeature(from: listImpl, to: web))
        #expect(classifier.isCrossFeature(from: listImpl, to: webImpl))
        #expect(classifier.suggestedInterface(for: "MOITWebImpl") == ("MOITWeb", true))
    }

    /// mash-up-kr/NoWeekend-iOS: `Projects/Feature/TabBar` holds Home, Calendar and Profile, and only the app
    /// depends on it: the top of the tree, as `MainFeature` is. A `TabBar` wiring one feature stays a feature.
    @Test func aTabBarNoFeatureDependsOnThatWiresFeaturesIsACompositionRoot() {
        func feature(_ name: String) -> Module {
            Module(id: "Feature/\(name)", name: name, project: "Projects/Feature/Project.swift", type: .framework,
                   path: "Projects/Feature/\(name)/Sources")
        }
        func classifier(wiring wired: [String]) -> (ArchitectureClassifier, Module) {
            let tabBar = feature("TabBar")
            let graph = ModuleGraph(
                nodes: [tabBar] + ["Home", "Calendar", "Profile"].map(feature),
                edges: wired.map { ModuleEdge(from: tabBar.id, to: "Feature/\($0)", kind: .declared) })
            return (ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph), tabBar)
        }
        let (root, tabBar) = classifier(wiring: ["Home", "Calendar", "Profile"])
        #expect(root.kind(of: tabBar) == .app, "\(root.classification(of: tabBar).reason)")
        let (single, lone) = classifier(wiring: ["Home"])
        #expect(single.kind(of: lone) == .feature, "\(single.classification(of: lone).reason)")
    }

    /// Central-MakeUs/goolbitg-iOS: `Projects/Modules/Features/Tab` holds Home, Challenge, BuyOrNot and MyPage, and
    /// each demo app (`DemoApps/HomeApp`, of Home's family by name) links every feature. The demo apps made Tab and
    /// Home "shared bases" (5 features depend on them): an app or test of a family doesn't make what it links shared.
    /// A module named `Tab` that wires two or more features is the tab bar, a composition root as `TabBar` is.
    @Test func demoAppsLinkingEveryFeatureMakeNoSharedBaseAndTabWiresTheFeatures() {
        func module(_ name: String, _ folder: String, _ type: ModuleType = .framework) -> Module {
            Module(id: "\(folder)/\(name)", name: name, project: "Projects/Modules/\(folder)/Project.swift", type: type,
                   path: "Projects/Modules/\(folder)/Sources")
        }
        let names = ["Home", "Challenge", "BuyOrNot", "MyPage", "Intro"]
        let features = names.map { module("Feature\($0)", "Features/\($0)") }
        let tab = module("FeatureTab", "Features/Tab")
        let demos = names.map { module("\($0)App", "DemoApps/\($0)App", .app) }
        var edges = features.prefix(4).map { ModuleEdge(from: tab.id, to: $0.id, kind: .declared) }
        for demo in demos { edges += (features + [tab]).map { ModuleEdge(from: demo.id, to: $0.id, kind: .declared) } }
        let graph = ModuleGraph(nodes: features + [tab] + demos, edges: edges)
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph)
        #expect(classifier.kind(of: tab) == .app, "\(classifier.classification(of: tab).reason)")
        for feature in features {
            #expect(classifier.kind(of: feature) == .feature, "\(classifier.classification(of: feature).reason)")
        }
        // `Table` is no tab bar: wiring two features, it stays a feature.
        let table = module("Table", "Features/Table")
        let tableGraph = ModuleGraph(nodes: features + [table], edges: features.prefix(2).map {
            ModuleEdge(from: table.id, to: $0.id, kind: .declared)
        })
        let tables = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: tableGraph)
        #expect(tables.kind(of: table) == .feature, "\(tables.classification(of: table).reason)")
    }

    /// mash-up-kr/MOIT-iOS keeps its features in `Features/`, and `TokenManager`/`TokenManagerImpl` (an interface
    /// split, as its network module has) beside `Core` at the root. The pair made `TokenManagerImpl` a feature, and
    /// the features that use the token store "imported another feature's implementation". In a tree with a features
    /// folder, a module outside it is no feature by its interface or family alone; a features folder elsewhere (a
    /// fixture app's `fixtures/App/Features/`) doesn't decide for the modules beside the fixture.
    @Test func aTreeWithAFeaturesFolderHasNoFeaturesOutsideIt() {
        func module(_ name: String, _ path: String) -> Module {
            Module(id: name, name: name, project: "\(path)/Project.swift", type: .framework, path: "\(path)/Sources")
        }
        let auth = module("AuthImpl", "Features/Auth"), token = module("TokenManagerImpl", "TokenManager/Implement")
        let tokenInterface = module("TokenManager", "TokenManager/Interface")
        let graph = ModuleGraph(nodes: [auth, token, tokenInterface], edges: [ModuleEdge(from: auth.id, to: token.id, kind: .declared)])
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph)
        #expect(classifier.kind(of: auth) == .feature)
        #expect(classifier.kind(of: token) != .feature, "\(classifier.classification(of: token).reason)")
        #expect(!classifier.isCrossFeature(from: auth, to: token))

        let cache = module("CacheImpl", "Sources/Cache"), cacheInterface = module("Cache", "Sources/CacheInterface")
        let fixture = module("FeatureOne", "fixtures/App/Features/FeatureOne")
        let fixtures = ArchitectureClassifier(
            configuration: ArchlintConfiguration(), graph: ModuleGraph(nodes: [cache, cacheInterface, fixture], edges: []))
        #expect(fixtures.kind(of: cache) == .feature, "\(fixtures.classification(of: cache).reason)")
    }

    /// mash-up-kr/Dorabangs_iOS: `Projects/Features/Coordinator/` holds one TCA coordinator per flow
    /// (`HomeCoordinator` presenting the `Home` and `CreateNewFolder` scenes, `TabCoordinator` holding the flows).
    /// They were features, so each scene they present was "another feature's implementation": 20 errors.
    /// mash-up-kr/SeeYouAgain_iOS: its `TabBar` scene holds each tab's coordinator.
    @Test func aCoordinatorsFolderWiresTheFeaturesItPresents() {
        func target(_ name: String, _ folder: String) -> Module {
            Module(id: "\(folder)/\(name)", name: name, project: "Projects/Features/\(folder)/Project.swift",
                   type: .staticLibrary, path: "Projects/Features/\(folder)/\(name)")
        }
        let tab = target("TabCoordinator", "Coordinator"), homeFlow = target("HomeCoordinator", "Coordinator")
        let home = target("Home", "Home"), folder = target("CreateNewFolder", "CreateNewFolder")
        let tabBar = target("TabBar", "TabBar")
        let graph = ModuleGraph(nodes: [tab, homeFlow, home, folder, tabBar], edges: [
            ModuleEdge(from: tab.id, to: homeFlow.id, kind: .declared),
            ModuleEdge(from: tabBar.id, to: homeFlow.id, kind: .declared),
            ModuleEdge(from: homeFlow.id, to: home.id, kind: .declared),
            ModuleEdge(from: homeFlow.id, to: folder.id, kind: .declared),
        ])
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph)
        #expect(classifier.kind(of: homeFlow) == .app, "\(classifier.classification(of: homeFlow).reason)")
        #expect(classifier.kind(of: home) == .feature)
        #expect(!classifier.isCrossFeature(from: homeFlow, to: home))
        #expect(classifier.kind(of: tabBar) == .feature)
        #expect(!classifier.isCrossFeature(from: tabBar, to: homeFlow))
        #expect(classifier.isCrossFeature(from: tabBar, to: home))
    }

    /// YAPP-Github/25th-App-Team-1-iOS keeps every module as `Projects/Feature/X/Feature/Sources/…` and names them
    /// `FeatureX`: its design system, `FeatureDesignSystem`, was a feature, so three features using it were
    /// "importing another feature's implementation". A name that is a lower layer's once `Feature` is dropped is none.
    @Test func aModuleNamedAsALowerLayerAfterItsFeaturePrefixIsNoFeature() {
        func target(_ name: String, _ folder: String, _ sources: String) -> Module {
            Module(id: "\(folder)/\(name)", name: name, project: "Projects/Feature/\(folder)/Project.swift", type: .framework,
                   path: "Projects/Feature/\(folder)/Feature/Sources/\(sources)")
        }
        let design = target("FeatureDesignSystem", "DesignSystem", "Components")
        let alarm = target("FeatureAlarm", "Alarm", "Alarm"), fortune = target("FeatureFortune", "Fortune", "Fortune")
        let graph = ModuleGraph(nodes: [design, alarm, fortune], edges: [
            ModuleEdge(from: alarm.id, to: design.id, kind: .declared),
            ModuleEdge(from: fortune.id, to: design.id, kind: .declared),
        ])
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph)
        #expect(classifier.kind(of: design) == .core, "\(classifier.classification(of: design).reason)")
        #expect(classifier.kind(of: alarm) == .feature)
        #expect(!classifier.isCrossFeature(from: alarm, to: design))
    }

    /// swiyu-admin-ch/eidch-ios-wallet keeps its Realm entities (`BITEntities`) and what its credential screens share
    /// (`BITCredentialShared`) in `Modules/Features/`, each its own package: named as models and shared code are,
    /// they are no features, and the features using them import no other feature's implementation.
    @Test func entitiesAndSharedModulesInTheFeaturesFolderAreNoFeatures() {
        func package(_ name: String) -> Module {
            Module(id: "\(name)/\(name)", name: name, package: name, manifest: "Modules/Features/\(name)/Package.swift",
                   type: .regular, path: "Modules/Features/\(name)/Sources/\(name)")
        }
        let entities = package("BITEntities"), shared = package("BITCredentialShared")
        let home = package("BITHome"), invitation = package("BITInvitation")
        let graph = ModuleGraph(nodes: [entities, shared, home, invitation], edges: [
            ModuleEdge(from: home.id, to: entities.id, kind: .declared),
            ModuleEdge(from: home.id, to: shared.id, kind: .declared),
            ModuleEdge(from: invitation.id, to: shared.id, kind: .declared),
        ])
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: graph)
        #expect(classifier.kind(of: entities) != .feature, "\(classifier.classification(of: entities).reason)")
        #expect(classifier.kind(of: shared) != .feature, "\(classifier.classification(of: shared).reason)")
        #expect(classifier.kind(of: home) == .feature)
        #expect(!classifier.isCrossFeature(from: home, to: entities))
        #expect(!classifier.isCrossFeature(from: invitation, to: shared))
    }
}
