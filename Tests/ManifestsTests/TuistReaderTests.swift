import ArchlintModel
import Foundation
import Testing
@testable import Manifests

/// The static Tuist evaluator on small repositories held in memory: one construct of the subset per test.
@Suite struct TuistReaderTests {
    @Test func tuist4TargetsProductsGlobsAndDependencies() {
        let repository = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "App/Project.swift": """
            import ProjectDescription
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a",
                        sources: ["Sources/**", .glob("Extra/**", excluding: ["Extra/Skip/**"])],
                        dependencies: [.target(name: "Kit"), .project(target: "Core", path: .relativeToRoot("Core")),
                                       .external(name: "Alamofire"), .package(product: "Needle"), .sdk(name: "UIKit", type: .framework),
                                       .framework(path: "Vendor/Crash.framework"), .xcframework(path: "Vendor/Pay.xcframework")]),
                .target(name: "Kit", destinations: .iOS, product: .staticFramework, bundleId: "k", sources: "Kit/**"),
                .target(name: "AppUITests", destinations: .iOS, product: .uiTests, bundleId: "t", sources: ["UITests/**"]),
            ])
            """,
            "App/Sources/A.swift": "", "App/Sources/Deep/B.swift": "", "App/Sources/Info.plist": "",
            "App/Extra/C.swift": "", "App/Extra/Skip/D.swift": "", "App/Kit/K.swift": "", "App/UITests/U.swift": "",
        ])
        #expect(repository.read().described == [
            "project App/Project.swift name=App source=tuist",
            "  target App app com.apple.product-type.application App/Project.swift:3:5",
            "    source App/Extra/C.swift",
            "    source App/Sources/A.swift",
            "    source App/Sources/Deep/B.swift",
            "    target Kit at -:5:28",
            "    target Core project=Core/Project.swift at -:5:50",
            "    module Alamofire at -:6:28",
            "    packageProduct Needle at -:6:58",
            "    linkedProduct Crash at -:7:28",
            "    linkedProduct Pay at -:7:72",
            "  target Kit framework com.apple.product-type.framework.static App/Project.swift:8:5",
            "    source App/Kit/K.swift",
            "  target AppUITests ui-test com.apple.product-type.bundle.ui-testing App/Project.swift:9:5",
            "    source App/UITests/U.swift",
        ])
    }

    /// GeekTree0101/Dodi (Tuist 1): `.cocoapods(path:)` links the target's pods through the aggregate `pod install`
    /// makes for it, as an Xcode project's `Pods_App.framework` does; it was unread, and findings withheld.
    @Test func aCocoaPodsDependencyIsTheTargetsPodsAggregate() {
        let repository = TuistRepository(files: [
            "Tuist/Config.swift": "",
            "Projects/List/Project.swift": """
            import ProjectDescription
            let project = Project(name: "List", targets: [
                Target(name: "Dodi-List", platform: .iOS, product: .framework, bundleId: "l", sources: ["Sources/**"],
                       dependencies: [.cocoapods(path: "../../")]),
            ])
            """,
            "Projects/List/Sources/L.swift": "",
        ])
        #expect(repository.read().described == [
            "project Projects/List/Project.swift name=List source=tuist",
            "  target Dodi-List framework com.apple.product-type.framework Projects/List/Project.swift:3:5",
            "    source Projects/List/Sources/L.swift",
            "    linkedProduct Pods_Dodi_List at -:4:27",
        ])
    }

    @Test func helpersWithEnumsDefaultsAndConditionsOfTheEnvironment() {
        let repository = TuistRepository(files: [
            "Tuist/ProjectDescriptionHelpers/Module.swift": """
            import ProjectDescription
            public enum Layer: String, CaseIterable { case feature = "Feature", core = "Core" }
            public enum Kind { case interface, tests }
            public extension Project {
                static func module(_ name: String, layer: Layer = .feature, kinds: [Kind] = [], deps: [TargetDependency] = []) -> Project {
                    var targets = [Target(name: name, platform: .iOS, product: .staticLibrary, bundleId: name,
                                          sources: ["Sources/**"], dependencies: deps)]
                    for kind in kinds {
                        switch kind {
                        case .interface:
                            targets.append(Target(name: name + "Interface", platform: .iOS, product: .framework, bundleId: name,
                                                  sources: ["Interface/**"]))
                        case .tests:
                            targets.append(Target(name: "\\(name)Tests", platform: .iOS, product: .unitTests, bundleId: name,
                                                  sources: ["Tests/**"], dependencies: [.target(name: name)]))
                        }
                    }
                    return Project(name: "\\(layer.rawValue)\\(name)", targets: targets)
                }
            }
            """,
            "Projects/Home/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            var deps: [TargetDependency] = [.external(name: "Log")]
            if Environment.useMocks.getBoolean(default: false) {
                deps.append(.external(name: "Mocks"))
            } else {
                deps.append(.project(target: "Network", path: "../Network"))
            }
            let project = Project.module("Home", kinds: [.interface, .tests], deps: deps)
            """,
            "Projects/Home/Sources/Home.swift": "", "Projects/Home/Interface/HomeInterface.swift": "",
            "Projects/Home/Tests/HomeTests.swift": "",
        ])
        let condition = "Environment.useMocks.getBoolean(default: false)"
        #expect(repository.read().described == [
            "project Projects/Home/Project.swift name=FeatureHome source=tuist",
            "  target Home static-library com.apple.product-type.library.static Projects/Home/Project.swift:9:15",
            "    source Projects/Home/Sources/Home.swift",
            "    module Log at -:3:33",
            "    module Mocks at -:5:17 if \(condition)",
            "    target Network project=Projects/Network/Project.swift at -:7:17 if !(\(condition))",
            "  target HomeInterface framework com.apple.product-type.framework Projects/Home/Project.swift:9:15",
            "    source Projects/Home/Interface/HomeInterface.swift",
            "  target HomeTests unit-test com.apple.product-type.bundle.unit-test Projects/Home/Project.swift:9:15",
            "    source Projects/Home/Tests/HomeTests.swift",
            "    target Home at -:9:15",
        ])
    }

    /// `self` in a static helper is the type: `self.target(…)` makes a target (shiki-ios's `Target.unitTests`).
    @Test func selfInAStaticHelperIsItsType() throws {
        let repository = TuistRepository(files: [
            "Tuist/ProjectDescriptionHelpers/Target+Templates.swift": """
            public extension Target {
                static func unitTests(target: Target, sources: SourceFilesList) -> Target {
                    self.target(name: "\\(target.name)Tests", product: .unitTests, sources: sources,
                                dependencies: [.target(target)])
                }
            }
            """,
            "Network/Project.swift": """
            public let Network = Target.target(name: "Network", product: .staticFramework, sources: ["Sources/**"])
            let NetworkTests = Target.unitTests(target: Network, sources: ["Tests/**"])
            let NetworkPackage = Project(name: "Network", targets: [Network, NetworkTests])
            """,
        ])
        let facts = try #require(repository.read().first)
        #expect(facts.targets.map(\.name) == ["Network", "NetworkTests"])
        #expect(facts.targets.last?.dependencies.map(\.name) == ["Network"])
        #expect(facts.issues.isEmpty, "\(facts.issues)")
    }

    @Test func appendContentsOfAndInsertAtGrowTheList() {
        let repository = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "App/Project.swift": """
            import ProjectDescription
            var dependencies: [TargetDependency] = [.target(name: "B")]
            dependencies.append(contentsOf: [.target(name: "C"), .target(name: "D")])
            dependencies.insert(.target(name: "A"), at: 0)
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", dependencies: dependencies),
            ])
            """,
        ])
        let targets = repository.read().first?.targets ?? []
        #expect(targets.first?.dependencies.map(\.name) == ["A", "B", "C", "D"])
        #expect(repository.read().first?.issues == [])
    }

    /// `[String: SettingValue]()` and `[TargetDependency]()`, as older Tuist templates write them: empty, and read.
    @Test func emptyCollectionsOfAWrittenTypeAreRead() {
        let repository = TuistRepository(files: [
            "Project.swift": """
            import ProjectDescription
            let configurations: [Configuration] = [.debug(name: "Debug", settings: [String: SettingValue](), xcconfig: "a.xcconfig")]
            var dependencies = [TargetDependency]()
            dependencies.append(.target(name: "Kit"))
            let project = Project(name: "App", settings: .settings(configurations: configurations), targets: [
                Target(name: "App", platform: .iOS, product: .app, bundleId: "a", dependencies: dependencies),
                Target(name: "Kit", platform: .iOS, product: .framework, bundleId: "k"),
            ])
            """,
        ])
        let facts = repository.read()
        #expect(facts.first?.issues == [])
        #expect(facts.first?.targets.first?.dependencies.map(\.name) == ["Kit"])
    }

    @Test func unboundedRecursionAndEndlessLoopsStopOnTheirBudgets() {
        let repository = TuistRepository(files: [
            "Tuist/ProjectDescriptionHelpers/Bad.swift": """
            public func forever(_ n: Int) -> Int { forever(n + 1) }
            public func spin() -> String {
                var i = 0
                while true { i += 1 }
                return "x"
            }
            """,
            "A/Project.swift": """
            import ProjectDescriptionHelpers
            let n = forever(0)
            let project = Project(name: "A", targets: [])
            """,
            "B/Project.swift": """
            import ProjectDescriptionHelpers
            let name = spin()
            let project = Project(name: "B", targets: [])
            """,
            "C/Project.swift": "let project = Project(name: \"C\", targets: [.target(name: \"C\", product: .app))\n",
            "D/Project.swift": "let project = Project(name: \"D\", targets: [.target(name: \"D\", product: .app)])\n",
        ])
        let facts = repository.read()
        #expect(facts.map(\.path) == ["A/Project.swift", "B/Project.swift", "C/Project.swift", "D/Project.swift"])
        #expect(facts[0].issues.map { "\($0.file):\($0.line):\($0.column)" } == ["Tuist/ProjectDescriptionHelpers/Bad.swift:1:40"])
        #expect(facts[0].issues.first?.message.contains("nest more than 64 deep") == true)
        #expect(facts[1].issues.map { "\($0.file):\($0.line):\($0.column)" } == ["Tuist/ProjectDescriptionHelpers/Bad.swift:4:5"])
        #expect(facts[1].issues.first?.message.contains("more than 10000 times") == true)
        #expect(facts[2].issues.map { "\($0.file):\($0.line):\($0.column)" } == ["C/Project.swift:1:77"])
        #expect(facts[2].issues.first?.message.contains("syntax error") == true)
        #expect(facts[3].targets.map(\.name) == ["D"])
        #expect(facts[3].issues == [])
    }

    @Test func whatCannotBeEvaluatedIsReportedAtItsLine() {
        let repository = TuistRepository(files: [
            "Tuist/Config.swift": "",
            "Project.swift": """
            import ProjectDescription
            let names = loadNames()
            let project = Project(name: "P", targets: [
                .target(name: "P", product: .framework, sources: ["Sources/**"], dependencies: names.reduce([]) { $0 + [$1] }),
            ])
            """,
            "Sources/P.swift": "",
        ])
        let facts = repository.read()
        #expect(facts.described == [
            "project Project.swift name=P source=tuist",
            "  target P framework com.apple.product-type.framework Project.swift:4:5",
            "    source Sources/P.swift",
            "  issue Project.swift:2:13: cannot evaluate `loadNames()` statically (`loadNames` is not declared in this "
                + "manifest or its helpers); targets or dependencies it declares are missing from the module graph. "
                + "Declare them in `modules:` in .archlint.yml, with `type:` and `dependencies:`",
        ])
    }

    /// `#warning` (a message at build time, in a manifest or a helper's body) makes nothing and is no unread
    /// construct; `#error` stops Tuist's manifest build, so it stays one.
    @Test func aWarningDirectiveIsNoUnreadConstruct() {
        let repository = TuistRepository(files: [
            "Tuist/Config.swift": "",
            "Tuist/ProjectDescriptionHelpers/Names.swift": """
            import ProjectDescription
            public func moduleName(_ base: String) -> String {
                #warning("rename the modules")
                return base + "Kit"
            }
            """,
            "Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            #warning("move this project")
            let project = Project(name: "P", targets: [
                .target(name: moduleName("P"), product: .framework, sources: ["Sources/**"]),
            ])
            """,
            "Sources/P.swift": "",
            "Stopped/Project.swift": """
            import ProjectDescription
            #error("not ready")
            let project = Project(name: "S", targets: [])
            """,
        ])
        let facts = repository.read()
        #expect(facts.first { $0.path == "Project.swift" }?.targets.map(\.name) == ["PKit"])
        #expect(facts.first { $0.path == "Project.swift" }?.issues == [])
        #expect(facts.first { $0.path == "Stopped/Project.swift" }?.issues.map(\.line) == [2])
    }

    /// `entries["KEY"] = …` on a local dictionary (Info.plist entries) is plain code, not an unread construct; a
    /// subscript assignment to something archlint doesn't hold still is one.
    @Test func anEntryAssignedToALocalDictionaryIsRead() {
        let repository = TuistRepository(files: [
            "Tuist/Config.swift": "",
            "Tuist/ProjectDescriptionHelpers/InfoPlist.swift": """
            import ProjectDescription
            public func entries(demo: Bool) -> [String: Plist.Value] {
                var entries: [String: Plist.Value] = ["CFBundleName": "$(TARGET_NAME)"]
                if demo {
                    entries["BASE_URL"] = "$(BASE_URL)"
                }
                return entries
            }
            """,
            "Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "P", targets: [
                .target(name: "P", product: .app, infoPlist: .extendingDefault(with: entries(demo: true)),
                        sources: ["Sources/**"]),
            ])
            """,
            "Sources/P.swift": "",
            "Other/Project.swift": """
            import ProjectDescription
            shared["KEY"] = "value"
            let project = Project(name: "O", targets: [])
            """,
        ])
        let facts = repository.read()
        #expect(facts.first { $0.path == "Project.swift" }?.targets.map(\.name) == ["P"])
        #expect(facts.first { $0.path == "Project.swift" }?.issues == [])
        #expect(facts.first { $0.path == "Other/Project.swift" }?.issues.map(\.line) == [2])
    }

    /// A factory struct with an `init` assigning `self.x`, copied and changed property by property, and `.init(…)`
    /// where a `Target` is expected; a `.project` dependency on the same project is a target of it.
    @Test func factoryStructsAndInitializers() {
        let repository = TuistRepository(files: [
            "Tuist/ProjectDescriptionHelpers/Factory.swift": """
            import ProjectDescription
            public struct TargetFactory {
                var name: String
                var product: Product
                var sources: SourceFilesList?
                var dependencies: [TargetDependency]
                public init(name: String = "", product: Product = .staticLibrary, sources: SourceFilesList? = "Sources/**",
                            dependencies: [TargetDependency] = []) {
                    self.name = name
                    self.product = product
                    self.sources = sources
                    self.dependencies = dependencies
                }
            }
            public extension Target {
                static func interface(_ module: String, factory: TargetFactory) -> Self {
                    var newFactory = factory
                    newFactory.name = module + "Interface"
                    newFactory.sources = "Interface/**"
                    newFactory.product = .framework
                    return make(factory: newFactory)
                }
                private static func make(factory: TargetFactory) -> Self {
                    .init(name: factory.name, destinations: [.iPhone], product: factory.product, bundleId: "x",
                          sources: factory.sources, dependencies: factory.dependencies)
                }
            }
            """,
            "Auth/Project.swift": """
            import ProjectDescriptionHelpers
            let project = Project(name: "Auth", targets: [
                .interface("Auth", factory: .init(dependencies: [.project(target: "Core", path: .relativeToRoot("Auth"))])),
            ])
            """,
            "Auth/Interface/AuthInterface.swift": "", "Auth/Sources/Auth.swift": "",
        ])
        #expect(repository.read().described == [
            "project Auth/Project.swift name=Auth source=tuist",
            "  target AuthInterface framework com.apple.product-type.framework Auth/Project.swift:3:5",
            "    source Auth/Interface/AuthInterface.swift",
            "    target Core at -:3:54",
        ])
    }

    /// `allCases`, `for` with `guard`/`continue`, sets with `insert` and `contains(where:)`, `??`, `+=`, interpolation,
    /// a `switch` on the environment (every case under its condition), `filter`/`map` with closures, hidden files.
    @Test func userCodeSubset() {
        let repository = TuistRepository(files: [
            "Tuist/ProjectDescriptionHelpers/Layers.swift": """
            import ProjectDescription
            public enum Core: String, CaseIterable { case network = "Network", storage = "Storage", legacy = "Legacy" }
            let overrides: [String: String] = [:]
            public func coreDependencies(skipping skipped: Set<Core> = [.legacy]) -> [TargetDependency] {
                var result: [TargetDependency] = []
                var seen: Set<String> = []
                for module in Core.allCases {
                    guard !skipped.contains(module) else { continue }
                    seen.insert(module.rawValue)
                    seen.insert(module.rawValue)
                    result += [.project(target: "Core\\(module.rawValue)", path: .relativeToRoot("Core/" + module.rawValue))]
                }
                let flavor = ProcessInfo.processInfo.environment["FLAVOR"] ?? "dev"
                switch flavor {
                case "prod": result.append(.external(name: "Crashlytics"))
                default: result.append(.external(name: "Pulse"))
                }
                return seen.contains(where: { $0 == "Network" }) ? result : []
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            var names = ["App", "Widget"].filter { $0 != "Widget" }.map { "\\($0)" }
            for index in 0..<3 where index > 1 { names.append("Extra\\(index)") }
            let project = Project(name: names[0], targets: [
                .target(name: names[0], product: .app, sources: "Sources/**", dependencies: coreDependencies()),
            ])
            """,
            "App/Sources/App.swift": "", "App/Sources/.hidden/Skip.swift": "", "App/Sources/.Skip.swift": "",
        ])
        let condition = "ProcessInfo.processInfo.environment[\"FLAVOR\"] ?? \"dev\""
        #expect(repository.read().described == [
            "project App/Project.swift name=App source=tuist",
            "  target App app com.apple.product-type.application App/Project.swift:6:5",
            "    source App/Sources/App.swift",
            "    target CoreNetwork project=Core/Network/Project.swift at -:6:81",
            "    target CoreStorage project=Core/Storage/Project.swift at -:6:81",
            "    module Crashlytics at -:6:81 if \(condition) ~= \"prod\"",
            "    module Pulse at -:6:81 if !(\(condition) ~= \"prod\")",
        ])
    }

    /// The folder-convention fallback applies only when asked, only to projects without targets, and says so.
    @Test func conventionFallbackOnlyWhenAsked() {
        let repository = TuistRepository(files: [
            "Tuist/Config.swift": "",
            "Projects/Feature/Home/Project.swift": "let project = Project.generatedElsewhere()\n",
            "Projects/Feature/Home/Sources/Home.swift": "", "Projects/Feature/Home/Interface/HomeAPI.swift": "",
            "Projects/Feature/Home/Tests/HomeTests.swift": "",
        ])
        #expect(repository.read().flatMap(\.targets).isEmpty)
        let facts = TuistReader.read(repository.manifests, fileSystem: repository.fileSystem, conventionFallback: true)
        #expect(facts.described.filter { !$0.hasPrefix("  issue") } == [
            "project Projects/Feature/Home/Project.swift name=Home source=tuist",
            "  target HomeInterface framework - Projects/Feature/Home/Project.swift:1:1",
            "    source Projects/Feature/Home/Interface/HomeAPI.swift",
            "  target Home static-library - Projects/Feature/Home/Project.swift:1:1",
            "    source Projects/Feature/Home/Sources/Home.swift",
            "    target HomeInterface at -:1:1",
            "  target HomeTests unit-test - Projects/Feature/Home/Project.swift:1:1",
            "    source Projects/Feature/Home/Tests/HomeTests.swift",
            "    target Home at -:1:1",
        ])
        #expect(facts[0].issues.last?.message.contains("micro-feature folder convention") == true)
    }
}
