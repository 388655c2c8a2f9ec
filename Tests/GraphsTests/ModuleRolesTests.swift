import ArchlintModel
import Graphs
import Testing

/// `ModuleRoles`: what a module is for, read from the module graph alone.
@Suite struct ModuleRolesTests {
    /// An index of `nodes` and edges written `(from, to, kind)`.
    static func index(_ nodes: [Module], _ edges: [(String, String, ModuleEdgeKind)]) -> ModuleGraphIndex {
        ModuleGraphIndex(ModuleGraph(nodes: nodes, edges: edges.map { ModuleEdge(from: $0.0, to: $0.1, kind: $0.2) }))
    }

    static func framework(_ name: String, project: String) -> Module {
        Module(id: "\(name)/\(name)", name: name, project: project, type: .framework, files: ["Exports.swift"])
    }

    /// `Projects/Domain/Domain` of a Tuist TMA app: a file of comments, and every module of its layer declared.
    @Test func aLayersRootModuleThatImportsNothingIsAnUmbrella() {
        let root = Self.framework("Domain", project: "Projects/Domain/Domain/Project.swift")
        let placeholder = Self.framework("CartTesting", project: "Projects/Domain/Cart/Project.swift")
        let cart = Self.framework("Cart", project: "Projects/Domain/Cart/Project.swift")
        let index = ModuleGraphIndex(ModuleGraph(nodes: [root, placeholder, cart], edges: [
            ModuleEdge(from: root.id, to: cart.id, kind: .declared),
            ModuleEdge(from: placeholder.id, to: cart.id, kind: .declared),
        ]))
        #expect(index.isUmbrella(root.id))
        // A template's placeholder that imports nothing is no umbrella: what it declares is unused.
        #expect(!index.isUmbrella(placeholder.id))
    }

    /// depromeet/17th-team5-iOS: `Projects/Domains/Domain`, whose one file imports SwiftUI only, declares every
    /// domain module. A module of its own code in such a folder (`Projects/Domains/Stock` importing Shared) is none.
    @Test func aLayersRootModuleInAPluralFolderThatImportsOnlyTheSDKIsAnUmbrella() {
        let root = Self.framework("Domain", project: "Projects/Domains/Domain/Project.swift")
        let stock = Self.framework("Stock", project: "Projects/Domains/Stock/Project.swift")
        let shared = Self.framework("Shared", project: "Projects/Shared/Project.swift")
        let swiftUI = Module(id: "SwiftUI", name: "SwiftUI", type: .external)
        let index = Self.index([root, stock, shared, swiftUI], [
            (root.id, stock.id, .declared), (root.id, "SwiftUI", .import),
            (stock.id, shared.id, .declared), (stock.id, shared.id, .import),
        ])
        #expect(index.isUmbrella(root.id))
        #expect(!index.isUmbrella(stock.id))
    }

    /// DDD-Community/Attendance_iOS_2024: `Projects/Shared/Shareds` and `Projects/Networking/Networkings`, the
    /// layers' root modules named as their folder's plural, import only the SDK and declare their layer's modules
    /// for the app. A module of the folder named otherwise (`Projects/Shared/Utill`) is none.
    @Test func aLayersRootModuleNamedAsItsFoldersPluralIsAnUmbrella() {
        let root = Self.framework("Shareds", project: "Projects/Shared/Shareds/Project.swift")
        let utill = Self.framework("Utill", project: "Projects/Shared/Utill/Project.swift")
        let design = Self.framework("DesignSystem", project: "Projects/Shared/DesignSystem/Project.swift")
        let swiftUI = Module(id: "SwiftUI", name: "SwiftUI", type: .external)
        let index = Self.index([root, utill, design, swiftUI], [
            (root.id, utill.id, .declared), (root.id, design.id, .declared), (root.id, "SwiftUI", .import),
            (utill.id, design.id, .declared), (utill.id, "SwiftUI", .import),
        ])
        #expect(index.isUmbrella(root.id))
        #expect(!index.isUmbrella(utill.id))
    }

    /// passepartout's `PartoutLibrary`: a file of comments declaring `partout`, a product of a package that isn't in
    /// the checkout, whose modules archlint doesn't know; the app imports `Partout`, of that package, through it. A
    /// module of code declaring such a product (`Kit`) is no umbrella: a dependant's unclaimed import is weak evidence.
    @Test func aWrapperOfAProductWhoseModulesAreUnknownIsAnUmbrella() {
        var wrapper = Module(id: "App/PartoutLibrary", name: "PartoutLibrary", package: "App", type: .regular, files: ["Dummy.swift"])
        wrapper.filesDeclareNothing = true
        var kit = Module(id: "App/Kit", name: "Kit", package: "App", type: .regular, files: ["Kit.swift"])
        kit.filesDeclareNothing = false
        let product = Module(id: "partout/partout", name: "partout", package: "partout", type: .external)
        let imported = Module(id: "partout/Partout", name: "Partout", package: "partout", type: .external)
        let app = Module(id: "App/App", name: "App", package: "App", type: .regular, files: ["App.swift"])
        let index = Self.index([wrapper, kit, product, imported, app], [
            (wrapper.id, product.id, .declared), (kit.id, product.id, .declared),
            (app.id, wrapper.id, .declared), (app.id, kit.id, .declared), (app.id, imported.id, .import),
        ])
        #expect(index.isUmbrella(wrapper.id))
        #expect(!index.isUmbrella(kit.id))
    }

    /// DSM-Today's `PackageLibrary`: one placeholder file that imports nothing, and only third-party packages
    /// declared, for the app's modules to import. A module of its own code (`Utils` imports SnapKit) is no
    /// umbrella, nor one that declares a local module beside the packages, nor one no module imports them through
    /// (`Widget`: its packages are unused).
    @Test func aLibraryOfPackagesWhoseFilesImportNothingIsAnUmbrella() {
        func module(_ name: String, _ type: ModuleType) -> Module {
            Module(id: name, name: name, type: type, files: type == .external ? [] : ["\(name).swift"])
        }
        let nodes = [
            module("PackageLibrary", .framework), module("Utils", .framework), module("Mixed", .framework),
            module("Today", .app), module("Widget", .framework),
            module("Core", .framework), module("RxSwift", .external), module("SnapKit", .external),
            module("Foundation", .external),
        ]
        let index = Self.index(nodes, [
            ("PackageLibrary", "RxSwift", .declared),
            ("PackageLibrary", "SnapKit", .declared),
            ("PackageLibrary", "Foundation", .import),
            ("Utils", "SnapKit", .declared),
            ("Utils", "SnapKit", .import),
            ("Mixed", "RxSwift", .declared),
            ("Mixed", "Core", .declared),
            ("Widget", "SnapKit", .declared),
            ("Widget", "Foundation", .import),
            ("Today", "PackageLibrary", .declared),
            ("Today", "Utils", .declared),
            ("Today", "Mixed", .declared),
            ("Today", "RxSwift", .import),
        ])
        #expect(index.isUmbrella("PackageLibrary"))
        #expect(!index.isUmbrella("Utils"))
        #expect(!index.isUmbrella("Mixed"))
        #expect(!index.isUmbrella("Widget"))
    }

    /// Marryting-iOS' `FeatureKit`: one `Dummy.swift` that declares nothing, every feature declared, and the app
    /// importing `SplashScene` through it. grow-ios' `LanguageServiceInterface` imports nothing but declares its
    /// protocols: code of its own, so no umbrella, though a module reaches `BaseService` through it. A placeholder
    /// whose dependants declare what they import supplies nothing.
    @Test func aTargetOfFilesThatDeclareNothingIsAnUmbrellaWhenADependantImportsThroughIt() {
        func module(_ name: String, _ type: ModuleType = .framework, placeholder: Bool = false) -> Module {
            var module = Module(id: name, name: name, type: type, files: ["\(name).swift"])
            if placeholder { module.filesDeclareNothing = true }
            return module
        }
        let index = Self.index([
            module("FeatureKit", placeholder: true), module("SplashScene"), module("LoginScene"), module("App", .app),
            module("LanguageServiceInterface"), module("BaseService"), module("LanguageService"),
            module("Placeholder", placeholder: true), module("Core"), module("Feature"),
        ], [
            ("FeatureKit", "SplashScene", .declared), ("FeatureKit", "LoginScene", .declared),
            ("App", "FeatureKit", .declared), ("App", "SplashScene", .import),
            ("LanguageServiceInterface", "BaseService", .declared),
            ("LanguageService", "LanguageServiceInterface", .declared), ("LanguageService", "BaseService", .import),
            ("Placeholder", "Core", .declared),
            ("Feature", "Placeholder", .declared), ("Feature", "Core", .declared), ("Feature", "Core", .import),
        ])
        #expect(index.isUmbrella("FeatureKit"))
        #expect(!index.isUmbrella("LanguageServiceInterface"))
        #expect(!index.isUmbrella("Placeholder"))
    }

    /// ibcylon/RickAndMorty-Tuist: `ThirdPartyLibs` declares RxSwift, SnapKit, RxCocoa and CachedAsyncImage for the
    /// app's modules, and its one file imports RxSwift. A module named so that imports what it doesn't declare
    /// (a local module) is no umbrella.
    @Test func aThirdPartyLibsModuleIsAnUmbrella() {
        func module(_ name: String, _ type: ModuleType) -> Module {
            Module(id: name, name: name, type: type, files: type == .external ? [] : ["\(name).swift"])
        }
        let index = Self.index(
            [module("ThirdPartyLibs", .framework), module("VendorThirdParty", .framework), module("Core", .framework),
             module("RxSwift", .external), module("SnapKit", .external)],
            [("ThirdPartyLibs", "RxSwift", .declared), ("ThirdPartyLibs", "SnapKit", .declared),
             ("ThirdPartyLibs", "RxSwift", .import),
             ("VendorThirdParty", "SnapKit", .declared), ("VendorThirdParty", "Core", .import)])
        #expect(index.isUmbrella("ThirdPartyLibs"))
        #expect(!index.isUmbrella("VendorThirdParty"))
    }

    /// TrandyTuist/DrumBeatMaster builds each module twice, `ThirdParty` and `ThirdParty-QA`, from the same files and
    /// dependencies: the QA build of an umbrella is one too. A target with other files or dependencies is no variant.
    @Test func aVariantOfAnUmbrellaIsOne() {
        let project = "Projects/Shared/ThirdParty/Project.swift"
        func module(_ name: String, files: [String] = ["Sources/ThirdParty.swift"]) -> Module {
            Module(id: name, name: name, project: project, type: .framework, files: files)
        }
        let index = Self.index(
            [module("ThirdParty"), module("ThirdParty-QA"), module("Tools-QA", files: ["Sources/Tools.swift"]),
             module("Lean-QA"), Module(id: "TCA", name: "TCA", type: .external), Module(id: "Moya", name: "Moya", type: .external)],
            [("ThirdParty", "TCA", .declared), ("ThirdParty", "Moya", .declared),
             ("ThirdParty-QA", "TCA", .declared), ("ThirdParty-QA", "Moya", .declared),
             ("Tools-QA", "TCA", .declared), ("Tools-QA", "Moya", .declared), ("Lean-QA", "TCA", .declared)])
        #expect(index.isUmbrella("ThirdParty"))
        #expect(index.variants(of: "ThirdParty") == ["ThirdParty-QA"])
        #expect(index.isUmbrella("ThirdParty-QA"))
        #expect(!index.isUmbrella("Tools-QA"))
        #expect(!index.isUmbrella("Lean-QA"))
    }

    /// depromeet/Cllog-iOS: a target named `Umbrella`, one file of comments, declaring the service the app imports.
    @Test func aModuleNamedUmbrellaIsOne() {
        let umbrella = Module(id: "Umbrella", name: "Umbrella", type: .framework, files: ["Sample.swift"])
        let service = Module(id: "Service", name: "Service", type: .framework, files: ["Service.swift"])
        let index = Self.index([umbrella, service], [("Umbrella", "Service", .declared)])
        #expect(index.isUmbrella("Umbrella"))
        #expect(!index.isUmbrella("Service"))
    }

    /// YAPP-Github/28th-App-Team-1-iOS: `FeatureGuestFeedbackExample` imports `FeatureGuestFeedbackImplementation`,
    /// a target archlint couldn't read (an external node): still its feature's demo. An app importing only an SDK
    /// module named like it (`MapDemo`, MapKit) is none.
    @Test func aDemoAppOfAnUnreadFeatureIsStillADemo() {
        let example = Module(id: "FeatureGuestFeedbackExample", name: "FeatureGuestFeedbackExample", type: .app)
        let feature = Module(id: "FeatureGuestFeedbackImplementation", name: "FeatureGuestFeedbackImplementation",
                             type: .external)
        let mapDemo = Module(id: "MapDemo", name: "MapDemo", type: .app)
        let mapKit = Module(id: "MapKit", name: "MapKit", type: .external)
        let index = Self.index([example, feature, mapDemo, mapKit], [
            (example.id, feature.id, .import), (mapDemo.id, mapKit.id, .import),
        ])
        #expect(index.isDemoApp(example.id))
        #expect(!index.isDemoApp(mapDemo.id))
    }

    /// A library that other modules' tests use is test support; one that only its own tests and test support
    /// built on it use is a product, not test support.
    @Test func testSupportIsWhatOtherModulesTestsUse() {
        func module(_ name: String, _ type: ModuleType) -> Module { Module(id: name, name: name, type: type) }
        let nodes = [
            module("Schedule", .regular), module("ScheduleTests", .test), module("XCTSchedule", .regular),
            module("Agenda", .regular), module("AgendaTests", .test),
        ]
        let index = Self.index(nodes, [
            ("ScheduleTests", "Schedule", .declared),
            ("AgendaTests", "Agenda", .declared),
            ("AgendaTests", "XCTSchedule", .declared),
            ("XCTSchedule", "Schedule", .declared),
        ])
        #expect(index.isTestSupport("XCTSchedule"))
        #expect(!index.isTestSupport("Schedule"))
        #expect(!index.isTestSupport("Agenda"))
    }
}
