import ArchlintModel
import Testing
@testable import Manifests

/// A helper enum's value that archlint couldn't make is unread where it is read, never a made-up name.
@Suite struct TuistHelperTypeTests {
    static func repository(case caseName: String) -> TuistRepository {
        TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Modules.swift": """
            import ProjectDescription
            public enum Module {
                case feature(Feature)
                public enum Feature: String { case home, search }
                public var name: String {
                    switch self {
                    case let .feature(feature): feature.rawValue.capitalized
                    }
                }
            }
            public extension TargetDependency {
                static func module(_ module: Module) -> TargetDependency {
                    .project(target: module.name, path: .relativeToRoot("Projects/\\(module.name)"))
                }
            }
            """,
            "Projects/App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        dependencies: [.module(.feature(.\(caseName)))]),
            ])
            """,
            "Projects/App/Sources/A.swift": "",
        ])
    }

    @Test func aPayloadOfTheCaseTypeIsRead() {
        let facts = Self.repository(case: "home").read()
        #expect(facts.flatMap(\.issues).isEmpty)
        #expect(facts.first?.targets.first?.dependencies.map(\.name) == ["Home"])
    }

    /// `Catalog.Entry(…)` names a nested helper type, so its memberwise initializer makes it and its own
    /// `dependency` is read, not a protocol extension's of the same name; its stored `area` is what it was made
    /// with, not another type's `var area`.
    @Test func aNestedTypeIsMadeByItsOwnInitializer() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Catalog.swift": """
            import ProjectDescription
            public protocol CatalogNamed: RawRepresentable where RawValue == String {
                var area: Catalog.Area { get }
            }
            public extension CatalogNamed {
                var entry: Catalog.Entry { Catalog.Entry(area: area, name: self.rawValue) }
                var dependency: TargetDependency { self.entry.dependency }
            }
            public enum Catalog {
                public enum Area: String { case app = "App", features = "Features" }
            }
            public extension Catalog {
                struct Entry {
                    public let area: Area
                    public let name: String
                    var path: Path {
                        switch self.area {
                        case .app: .relativeToRoot("App")
                        default: .relativeToRoot("\\(self.area.rawValue)/\\(self.name)")
                        }
                    }
                    public var dependency: TargetDependency { .project(target: self.name, path: self.path) }
                }
                enum Core: String, CatalogNamed {
                    case kit = "Kit"
                    public var area: Catalog.Area { .app }
                }
                enum Feature: String, CatalogNamed {
                    case search = "Search"
                    public var area: Catalog.Area { .features }
                }
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            nonisolated(unsafe) let entry = Catalog.Feature.search.entry
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        dependencies: [Catalog.Feature.search.dependency, entry.dependency]),
            ])
            """,
            "App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).isEmpty)
        let dependencies = facts.first?.targets.first?.dependencies
        #expect(dependencies?.map(\.name) == ["Search", "Search"])
        #expect(dependencies?.map(\.project) == ["Features/Search/Project.swift", "Features/Search/Project.swift"])
    }

    /// A path a helper makes from `#file` or `#filePath` is a path in the repository: the helper's own file, and the
    /// folders above it.
    @Test func aPathFromTheHelpersOwnFileIsRead() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Paths.swift": """
            import Foundation
            import ProjectDescription
            let root = URL(fileURLWithPath: #file).pathComponents.dropLast(3).joined(separator: "/").dropFirst()
            let modules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Modules").path
            public extension TargetDependency {
                static func feature(_ name: String) -> Self { .project(target: name, path: "\\(root)/Features/\\(name)") }
                static func module(_ name: String) -> Self { .project(target: name, path: .path("\\(modules)/\\(name)")) }
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        dependencies: [.feature("Search"), .module("Network")]),
            ])
            """,
            "App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).isEmpty)
        let dependencies = facts.first?.targets.first?.dependencies
        #expect(dependencies?.map(\.name) == ["Search", "Network"])
        #expect(dependencies?.map(\.project) == ["Features/Search/Project.swift", "Modules/Network/Project.swift"])
    }

    /// `Self` in a protocol extension is the type of the value it runs on, and `String(describing:)` prints a case
    /// or a type as interpolation does.
    @Test func selfAndStringDescribingPrintTheValuesType() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Layers.swift": """
            import ProjectDescription
            public protocol Layered: CaseIterable {
                var folder: String { get }
            }
            extension Layered where Self: RawRepresentable, Self.RawValue == String {
                public var folder: String { "\\(Self.self)/\\(self.rawValue)" }
            }
            public enum Feature: String, Layered { case Search }
            public enum Domain: String, Layered { case Account }
            public extension TargetDependency {
                static func layer<T: Layered>(_ module: T) -> TargetDependency {
                    .project(target: String(describing: module), path: .relativeToRoot("Projects/\\(module.folder)"))
                }
                static func layerRoot<T: Layered>(_ root: T.Type) -> TargetDependency {
                    let name = String(describing: root)
                    return .project(target: name, path: .relativeToRoot("Projects/\\(name)/\\(name)"))
                }
            }
            """,
            "Projects/App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        dependencies: [.layer(Feature.Search), .layer(Domain.Account), .layerRoot(Domain.self)]),
            ])
            """,
            "Projects/App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).isEmpty)
        let dependencies = facts.first?.targets.first?.dependencies
        #expect(dependencies?.map(\.name) == ["Search", "Account", "Domain"])
        #expect(dependencies?.map(\.project) == [
            "Projects/Feature/Search/Project.swift", "Projects/Domain/Account/Project.swift",
            "Projects/Domain/Domain/Project.swift",
        ])
    }

    /// A generic helper over a layer enum: `Set<Kind>` and `[Kind: [TargetDependency]]` name the helper's own nested
    /// `Project.Kind`, the dictionary is read by subscript, and `T` is the type of the value passed for it.
    @Test func aGenericHelperWithADictionaryKeyedByItsEnumIsRead() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Layered.swift": """
            import ProjectDescription
            public protocol Area: CaseIterable {}
            public enum Feature: String, Area { case Search, Cart }
            extension Project {
                public enum Kind: Hashable {
                    case main, interface
                    var suffix: String {
                        switch self {
                        case .main: return ""
                        case .interface: return "Interface"
                        }
                    }
                }
                public static func layered<T: Area>(module: T, kinds: Set<Kind>, dependencies: [Kind: [TargetDependency]]) -> Project {
                    let name = String(describing: module)
                    var targets: [Target] = []
                    kinds.forEach { kind in
                        targets.append(.target(name: "\\(name)\\(kind.suffix)", destinations: .iOS, product: .framework,
                                               bundleId: "a", sources: ["Sources/**"], dependencies: dependencies[kind] ?? []))
                    }
                    return Project(name: name, targets: targets)
                }
                public static func area<T: Area>(_ area: T.Type) -> [String] {
                    T.allCases.map { "\\(T.self)/\\($0)" }
                }
            }
            """,
            "Search/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project.layered(module: Feature.Search, kinds: [.main, .interface], dependencies: [
                .main: [.target(name: "SearchInterface"), .external(name: Project.area(Feature.self).last ?? "")],
            ])
            """,
            "Search/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).isEmpty)
        let targets = facts.first?.targets ?? []
        #expect(targets.map(\.name) == ["Search", "SearchInterface"])
        #expect(targets.map { $0.dependencies.map(\.name) } == [["SearchInterface", "Feature/Cart"], []])
    }

    @Test func aCaseTheEnumDoesNotDeclareIsUnreadNotNamed() {
        let facts = Self.repository(case: "settings").read()
        let target = facts.first?.targets.first
        #expect(target?.dependencies.isEmpty == true)
        #expect(target?.unreadDependencies.isEmpty == false)
        #expect(!facts.flatMap(\.issues).isEmpty)
    }

    /// Pepsi-Club/WhereMyBus-iOS: statics of `extension Array<TargetDependency>` read as implicit members of a
    /// `[TargetDependency]`, a `static let x: Self` in `extension TargetDependency`, and a name capitalised through
    /// its characters (`rawValue.map { $0 }`, `removeFirst()`, `insert(Character(…), at: 0)`, `String(name)`).
    @Test func listStaticsSelfTypedStaticsAndCharacters() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Dependencies.swift": """
            import ProjectDescription
            public extension TargetDependency {
                static let core: Self = .module(name: "Core")
                private static func module(name: String) -> Self {
                    .project(target: name, path: .relativeToRoot("Projects/\\(name)"))
                }
            }
            public extension Array<TargetDependency> {
                static let features = Feature.allCases.map { $0.dependency }
                enum Feature: String, CaseIterable {
                    case home, busStop
                    public var dependency: TargetDependency {
                        var name = rawValue.map { $0 }
                        name.removeFirst()
                        name.insert(Character(rawValue.first!.uppercased()), at: 0)
                        return .project(target: "\\(String(name))Feature", path: .relativeToRoot("Projects/\\(String(name))Feature"))
                    }
                }
            }
            """,
            "Projects/App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        dependencies: [.core] + .features),
            ])
            """,
            "Projects/App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.first?.dependencies.map(\.name) == ["Core", "HomeFeature", "BusStopFeature"])
    }

    /// Central-MakeUs/goolbitg-iOS: `static var features: [Module] { FeatureType.allCases.map { .feature($0) } }`,
    /// then `Module.features.map(\.projectTarget)`. The closure's `.feature($0)` is a `Module` case, as the property's
    /// type says: it was read as nothing, and 7 targets' dependencies went unread.
    /// Central-MakeUs/Purithm_iOS: `static let deployTarget = 16.0` printed into `.iOS("\(deployTarget)")`.
    @Test func aMapClosureReturnsTheElementTypeOfWhatItIsReadAs() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Module.swift": """
            import ProjectDescription
            public enum FeatureType: String, CaseIterable { case Home, MyPage }
            public enum Module {
                case feature(FeatureType)
                case utils
                public static let deployTarget = 16.0
                public static var features: [Module] { FeatureType.allCases.map { .feature($0) } }
                public static var others: [Module] { FeatureType.allCases.compactMap { type in
                    if type == .Home { return nil }
                    return .feature(type)
                } }
                private var name: String {
                    switch self {
                    case .feature(let type): return type.rawValue
                    case .utils: return "Utils"
                    }
                }
                public var projectTarget: TargetDependency {
                    switch self {
                    case .feature: return .project(target: "Feature\\(name)", path: .relativeToRoot("F/\\(name)"))
                    case .utils: return .project(target: name, path: .relativeToRoot(name))
                    }
                }
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a",
                        deploymentTargets: .iOS("\\(Module.deployTarget)"), sources: ["Sources/**"],
                        dependencies: Module.features.map(\\.projectTarget) + Module.others.map { $0.projectTarget }),
            ])
            """,
            "App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.first?.dependencies.map(\.name) == ["FeatureHome", "FeatureMyPage", "FeatureMyPage"])
    }

    /// tuist-template/CleanArchitecture-iOS-Swift: `public static let targetName = ""`, a placeholder the template's
    /// user fills in. archlint read a target named '' and reported "target '' declares a dependency…" three times.
    /// `tuist generate` refuses an empty name: the target is unread, with the reason at its declaration.
    @Test func aTargetWithAnEmptyNameIsUnread() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Environment.swift": """
            import ProjectDescription
            public enum Environment { public static let targetName = "" }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: Environment.targetName, targets: [
                .target(name: Environment.targetName, destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"]),
                .target(name: "\\(Environment.targetName)Tests", destinations: .iOS, product: .unitTests, bundleId: "t",
                        sources: ["Tests/**"]),
            ])
            """,
            "App/Sources/A.swift": "",
        ]).read()
        #expect(facts.first?.targets.map(\.name) == ["Tests"])
        #expect(facts.flatMap(\.issues).map(\.message).contains { $0.hasPrefix("a target whose `name:` is empty") })
    }

    /// minsOne/iOSApplicationTemplate builds each project in a helper struct's `init`: targets are appended in
    /// closures handed to a global pipe operator (`Generator.Interface(…) ||> { targetList.append(…) }`), and the
    /// stored property is set by its bare name (`project = Project(…)`). Both were unread: 27 projects. A property the
    /// `init` set (`self.title = …`) reads by its bare name too (vjr2005/Challenge's `[moduleTag]`).
    @Test func aGlobalOperatorAndABareStoredPropertyInAnInitAreEvaluated() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Operator.swift": """
            precedencegroup ForwardPipe { associativity: left }
            infix operator ||>: ForwardPipe
            public func ||> <T, U>(value: T?, function: (T) -> U) -> U? {
                value.map { function($0) }
            }
            """,
            "Tuist/ProjectDescriptionHelpers/Template.swift": """
            import ProjectDescription
            struct Maker {
                let targets: [Target]
                init(name: String) {
                    targets = [.target(name: name, destinations: .iOS, product: .framework, bundleId: name, sources: ["Sources/**"])]
                }
            }
            public struct FrameworkTemplate {
                public let title: String
                public let project: Project
                public init(name: String) {
                    self.title = name
                    var targetList: [Target] = []
                    Maker(name: name) ||> {
                        targetList.append(contentsOf: $0.targets)
                    }
                    project = Project(name: title, targets: targetList)
                }
            }
            """,
            "Kit/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = FrameworkTemplate(name: "Kit").project
            """,
            "Kit/Sources/Kit.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.map(\.name) == ["Kit"])
    }

    /// WhereMyBus' `extension SettingsDictionary { func setVersion() -> SettingsDictionary { merging([...]) } }`:
    /// the bare `merging` is the receiver's, so the settings are read (they were "can't read here" per project).
    @Test func aSettingsHelperMergesIntoItsReceiver() throws {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Settings.swift": """
            import ProjectDescription
            public extension SettingsDictionary {
                static let base: Self = ["OTHER_LDFLAGS": ["$(inherited) -ObjC"]]
                func swiftSix() -> SettingsDictionary { merging(["SWIFT_VERSION": .string("6.0")]) }
                func sandboxing() -> SettingsDictionary { merging(["ENABLE_USER_SCRIPT_SANDBOXING": .string("NO")]) }
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        settings: .settings(base: .base.swiftSix().sandboxing())),
            ])
            """,
            "App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        let target = try #require(facts.first?.targets.first)
        #expect(target.swiftSettings?.languageMode == 6)
        #expect(target.swiftSettings?.unread == nil)
    }

    /// Tuist-Junha's helpers merge settings with `for (key, value) in other { merged[key] = value }` and pick the
    /// targets with `switch (hasTest, hasDemoApp) { case (true, true): … }`: both read, as Swift runs them.
    @Test func aLoopOverADictionaryAndASwitchOverATupleAreRead() throws {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Project+Templates.swift": """
            import ProjectDescription
            public extension Dictionary where Key == String, Value == SettingValue {
                func merged(_ other: [String: SettingValue]) -> SettingsDictionary {
                    var merged = self
                    for (key, value) in other {
                        merged[key] = value
                    }
                    return merged
                }
            }
            public func module(_ name: String, hasTest: Bool, hasDemo: Bool) -> Project {
                let main: Target = .target(name: name, destinations: .iOS, product: .framework, bundleId: "a",
                                           sources: ["Sources/**"],
                                           settings: .settings(base: SettingsDictionary().merged(["SWIFT_VERSION": "6.0"])))
                let tests: Target = .target(name: name + "Tests", destinations: .iOS, product: .unitTests, bundleId: "b",
                                            sources: ["Tests/**"], dependencies: [.target(name: name)])
                let demo: Target = .target(name: name + "Demo", destinations: .iOS, product: .app, bundleId: "c",
                                           sources: ["Demo/**"], dependencies: [.target(name: name)])
                var targets: [Target]
                switch (hasTest, hasDemo) {
                case (true, true): targets = [main, tests, demo]
                case (true, false): targets = [main, tests]
                case (false, let demoToo): targets = demoToo ? [main, demo] : [main]
                }
                return Project(name: name, targets: targets)
            }
            """,
            "Kit/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = module("Kit", hasTest: true, hasDemo: false)
            """,
            "Core/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = module("Core", hasTest: false, hasDemo: true)
            """,
            "Kit/Sources/A.swift": "", "Kit/Tests/B.swift": "", "Kit/Demo/C.swift": "",
            "Core/Sources/A.swift": "", "Core/Tests/B.swift": "", "Core/Demo/C.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        let byName = Dictionary(uniqueKeysWithValues: facts.map { ($0.name, $0.targets) })
        #expect(byName["Kit"]?.map(\.name) == ["Kit", "KitTests"])
        #expect(byName["Core"]?.map(\.name) == ["Core", "CoreDemo"])
        #expect(byName["Kit"]?.first?.swiftSettings?.languageMode == 6)
    }

    /// iOS08-WeTri's scripts read `if let tuistRootDirectory` of a file-private global: the shorthand binding reads
    /// the global, as Swift does (it was "an optional binding of an undeclared name").
    @Test func aShorthandOptionalBindingReadsAHelpersGlobal() throws {
        let facts = TuistRepository(files: [
            "Tuist/ProjectDescriptionHelpers/Names.swift": """
            import ProjectDescription
            private let suffix: String? = "Kit"
            public func coreName() -> String {
                if let suffix { return "Core" + suffix } else { return "Core" }
            }
            """,
            "Core/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "Core", targets: [
                .target(name: coreName(), destinations: .iOS, product: .framework, bundleId: "a", sources: ["Sources/**"]),
            ])
            """,
            "Core/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.map(\.name) == ["CoreKit"])
    }

    /// olvid-ios passes `[(types, nil), (database, tests)]` for `[(target: Target, testsTarget: Target?)]` and reads
    /// `$0.target`: an unlabelled tuple takes the labels of the type it is passed as; `.0` reads by position.
    @Test func anUnlabelledTupleTakesTheLabelsOfItsParameter() throws {
        let facts = TuistRepository(files: [
            "Tuist/ProjectDescriptionHelpers/Project+Creation.swift": """
            import ProjectDescription
            public func kit(_ name: String) -> Target {
                .target(name: name, destinations: .iOS, product: .framework, bundleId: "a", sources: ["\\(name)/**"])
            }
            public func frameworks(_ name: String, _ pairs: [(target: Target, testsTarget: Target?)]) -> Project {
                let mains = name == "Kit" ? pairs.map({ $0.target }) : pairs.map { $0.0 }
                return Project(name: name, targets: mains + pairs.compactMap({ $0.testsTarget }))
            }
            """,
            "Kit/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = frameworks("Kit", [(kit("Types"), nil), (kit("Database"), kit("DatabaseTests"))])
            """,
            "Core/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = frameworks("Core", [(kit("Models"), kit("ModelsTests"))])
            """,
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        let byName = Dictionary(uniqueKeysWithValues: facts.map { ($0.name, $0.targets.map(\.name)) })
        #expect(byName["Kit"] == ["Types", "Database", "DatabaseTests"])
        #expect(byName["Core"] == ["Models", "ModelsTests"])
    }

    /// olvid-ios builds its sources as `[.init(stringLiteral: sources)]`: the glob the literal would be (42 projects
    /// read "`init` isn't a glob").
    @Test func aStringLiteralInitializerIsItsString() throws {
        let facts = TuistRepository(files: [
            "Tuist/ProjectDescriptionHelpers/Target+Templates.swift": """
            import ProjectDescription
            public func framework(_ name: String, folder: String) -> Target {
                let sources = [folder, "Sources/**/*.swift"].joined(separator: "/")
                let all: SourceFilesList = [.init(stringLiteral: sources), SourceFileGlob(stringLiteral: "Extra/*.swift")]
                return .target(name: name, destinations: .iOS, product: .framework, bundleId: "a", sources: all)
            }
            """,
            "Kit/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "Kit", targets: [framework("Kit", folder: "Core")])
            """,
            "Kit/Core/Sources/A.swift": "", "Kit/Extra/B.swift": "", "Kit/Other/C.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.first?.swiftSources == ["Kit/Core/Sources/A.swift", "Kit/Extra/B.swift"])
    }

    /// Cllog-iOS's `testTargetName.map { … }` on a `String?` is Optional's `map`, which runs once on the whole
    /// value: never read as a map over characters. archlint doesn't evaluate it, and says so.
    @Test func anOptionalStringsMapIsNotOverCharacters() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Names.swift": """
            import ProjectDescription
            public func kit(suffix: String? = "Core") -> Target {
                .target(name: suffix.map { "Kit" + $0 } ?? "Kit", destinations: .iOS, product: .framework, bundleId: "b")
            }
            """,
            "Kit/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "Kit", targets: [kit()])
            """,
        ]).read()
        #expect(facts.flatMap(\.issues).contains { $0.message.contains("`map` is a method archlint doesn't evaluate") })
        #expect(facts.flatMap(\.targets).isEmpty)
    }

    /// `String(describing: ["a", "b"])` prints the list (`["a", "b"]`): never the characters' join `String(chars)` is.
    @Test func aListPrintedWithDescribingIsNotJoined() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Kit/Project.swift": """
            import ProjectDescription
            let project = Project(name: "Kit", targets: [
                .target(name: String(describing: ["K", "it"]), destinations: .iOS, product: .framework, bundleId: "b"),
            ])
            """,
        ]).read()
        #expect(!facts.flatMap(\.targets).contains { $0.name == "Kit" })
        #expect(facts.flatMap(\.issues).contains { $0.message.contains("`String(…)` of a value archlint can't print") })
    }

    /// depromeet/17th-team5-iOS: `struct Stock` inside `extension TargetDependency.Domain` calls
    /// `domainDependency(target:)`, a static of the enclosing `Domain` (from its protocol's extension), unqualified.
    @Test func aNestedTypeCallsItsEnclosingTypesStatics() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Dependencies.swift": """
            import ProjectDescription
            public protocol DependencyProvider {}
            public extension DependencyProvider {
                static func domainDependency(target: String) -> TargetDependency {
                    .project(target: target, path: .relativeToRoot("Domain/\\(target)"))
                }
            }
            public extension TargetDependency {
                struct Domain: DependencyProvider {}
            }
            public extension TargetDependency.Domain {
                struct Stock {
                    private static let name = "StockDomain"
                    public static let implement = domainDependency(target: name)
                }
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        dependencies: [.Domain.Stock.implement]),
            ])
            """,
            "App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.first?.dependencies.map(\.name) == ["StockDomain"])
    }

    /// depromeet/14th-team5-iOS: `` static let `default`: SourceFilesList = "Sources/**" ``, read as `.default`.
    @Test func aStaticNamedWithBackticksIsItsName() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Sources.swift": """
            import ProjectDescription
            extension SourceFilesList {
                public static let `default`: SourceFilesList = "Sources/**"
            }
            public func module(_ name: String, sources: SourceFilesList? = .default) -> Target {
                .target(name: name, destinations: .iOS, product: .framework, bundleId: "b", sources: sources)
            }
            """,
            "Kit/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "Kit", targets: [module("Kit")])
            """,
            "Kit/Sources/K.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.first?.swiftSources == ["Kit/Sources/K.swift"])
    }

    /// depromeet/Cllog-iOS: `AppConfiguration()` runs an empty `init()` and its fields keep the values they are
    /// declared with (`let projectName: String = "Cllog"`); `case module(name: String, useDemo: Bool = false)`
    /// made as `.module(name: "Core")` binds `useDemo` to its default.
    @Test func declaredFieldValuesAndPayloadDefaults() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Template.swift": """
            import ProjectDescription
            public struct AppConfiguration {
                public init() {}
                let prefix: String = "Kit"
            }
            public enum ModuleType {
                case module(name: String, useDemo: Bool = false)
            }
            public func make(_ type: ModuleType) -> Project {
                let configuration = AppConfiguration()
                switch type {
                case let .module(name, useDemo):
                    var targets: [Target] = [.target(name: "\\(configuration.prefix)\\(name)", destinations: .iOS,
                                                     product: .framework, bundleId: "b", sources: ["Sources/**"])]
                    if useDemo {
                        targets.append(.target(name: "\\(name)Demo", destinations: .iOS, product: .app, bundleId: "d",
                                               sources: ["Demo/**"]))
                    }
                    return Project(name: name, targets: targets)
                }
            }
            """,
            "Core/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = make(.module(name: "Core"))
            """,
            "Core/Sources/C.swift": "",
            "Design/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = make(.module(name: "Design", useDemo: true))
            """,
            "Design/Sources/D.swift": "", "Design/Demo/App.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.map { $0.targets.map(\.name) } == [["KitCore"], ["KitDesign", "DesignDemo"]])
    }

    /// andrelouw/app-template's `PlatformSet`: a `fileprivate init` that calls `self.init(…)`, another initializer
    /// of the type, to set its fields. Before, `self` stayed a value without fields, and what was read of it
    /// later was unread.
    @Test func anInitializerMayDelegateToAnother() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Layer.swift": """
            import ProjectDescription
            public struct Layer {
                public let name: String
                public let modules: [String]
                private init(name: String, modules: [String]) {
                    self.name = name
                    self.modules = modules
                }
                fileprivate init(name: String) { self.init(name: name, modules: [name]) }
                public static let core = Layer(name: "Core")
                public func adding(_ more: String...) -> Layer { Layer(name: name, modules: Set(modules).union(more).sorted()) }
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let layer = Layer.core.adding("UI")
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        dependencies: layer.modules.map { .project(target: $0, path: "../\\($0)") }),
            ])
            """,
            "App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.first?.dependencies.map(\.name) == ["Core", "UI"])
    }

    /// Kumoh-talk/YABAM-iOS: a helper `Target.target(name:product:…)` calls `Target.target(name:destinations:…)`,
    /// ProjectDescription's own factory, whose labels don't fit the helper. Before, archlint called the helper
    /// again and said every target unread; a helper type's own function that doesn't fit still is.
    @Test func aCallThatFitsNoHelperOfAProjectDescriptionTypeIsItsFactory() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Target+Templates.swift": """
            import ProjectDescription
            extension Target {
                public static func target(name: String, product: Product, dependencies: [TargetDependency] = []) -> Target {
                    Target.target(name: name, destinations: .iOS, product: product, bundleId: "app." + name,
                                  sources: ["Sources/**"], dependencies: dependencies)
                }
            }
            public struct Kit {
                public static func make(name: String) -> TargetDependency { .project(target: name, path: "../\\(name)") }
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                Target.target(name: "App", product: .app, dependencies: [Kit.make(name: "Core"), Kit.make(label: "UI")]),
            ])
            """,
            "App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map { $0.message.components(separatedBy: ";")[0] }
            == ["cannot evaluate `Kit.make(label: \"UI\")` statically (its arguments don't fit the helper `make`)"])
        #expect(facts.first?.targets.map(\.name) == ["App"])
        #expect(facts.first?.targets.first?.type == .app)
        #expect(facts.first?.targets.first?.dependencies.map(\.name) == ["Core"])
    }

    /// sopt-makers/SOPT-iOS: `typealias Dep = TargetDependency`, `extension Dep { static let domain = … }` beside
    /// `extension Path { static var domain: Self }`. archlint didn't know `Dep` is `TargetDependency`, so
    /// `.domain` in a `[TargetDependency]` was either of two statics and unread: 8 targets' lists, 25 findings withheld.
    /// The alias is declared in a file read after the extension, as there.
    @Test func aTypeAliasNamesItsType() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Dependency+Project.swift": """
            import ProjectDescription
            public extension Dep {
                struct Modules {}
                static let domain = Dep.project(target: "Domain", path: .domain)
            }
            public extension Dep.Modules {
                static let networks = Dep.project(target: "Networks", path: .relativeToRoot("Projects/Networks"))
            }
            public extension ProjectDescription.Path {
                static var domain: Self { .relativeToRoot("Projects/Domain") }
            }
            public extension Project {
                static func makeModule(name: String, internalDependencies: [TargetDependency] = []) -> Project {
                    Project(name: name, targets: [
                        .target(name: name, destinations: .iOS, product: .staticFramework, bundleId: "a." + name,
                                sources: ["Sources/**"], dependencies: internalDependencies),
                    ])
                }
            }
            """,
            "Tuist/ProjectDescriptionHelpers/Alias.swift": "import ProjectDescription\npublic typealias Dep = TargetDependency\n",
            "Projects/Data/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project.makeModule(name: "Data", internalDependencies: [.domain, .Modules.networks])
            """,
            "Projects/Data/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.first?.dependencies.map(\.name) == ["Domain", "Networks"])
    }

    /// mash-up-kr/NoWeekend-iOS: `static func project(target: String, path: ProjectPath)` returns
    /// `.project(target: target, path: path.relativePath)`, ProjectDescription's overload (a `Path`). archlint
    /// called the helper again until its depth budget stopped the project; and `Environment.App.baseBundleId`
    /// reads `organizationName`, a static of the enclosing `Environment`, which archlint said was declared nowhere.
    @Test func aHelperCallingItsOwnLabelsCallsTheFactoryAndNestedStaticsReadTheEnclosingType() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/TargetDependency+Project.swift": """
            import ProjectDescription
            public enum ProjectPath: String {
                case core = "Projects/Core"
                var relativePath: Path { .relativeToRoot(rawValue) }
            }
            extension TargetDependency {
                public static func project(target: String, path: ProjectPath) -> TargetDependency {
                    return .project(target: target, path: path.relativePath)
                }
            }
            public struct Environment {
                public static let organizationName = "com.app"
                public struct App {
                    public static let bundleId = "\\(organizationName).app"
                }
            }
            """,
            "Projects/App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: Environment.App.bundleId,
                        sources: ["Sources/**"], dependencies: [.project(target: "Core", path: .core)]),
            ])
            """,
            "Projects/App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.first?.dependencies.map(\.name) == ["Core"])
        #expect(facts.first?.targets.first?.dependencies.first?.project == "Projects/Core/Project.swift")
    }

    /// Nexters/JYP-iOS: `class BaseProjectFactory { let projectName: String = "JYP-iOS" … func generateTarget() }`
    /// made with `BaseProjectFactory()`. Fields were read for structs only, so every `projectName` in its methods
    /// was "declared nowhere" (13 warnings) and the app's targets were unread.
    @Test func aClassesFieldsStartWithTheirDeclaredValues() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Project.swift": """
            import ProjectDescription
            protocol ProjectFactory {
                var projectName: String { get }
                func generateTarget() -> [Target]
            }
            class BaseProjectFactory: ProjectFactory {
                let projectName: String = "Journey"
                let dependencies: [TargetDependency] = [.external(name: "Kingfisher")]
                func generateTarget() -> [Target] {
                    [.target(name: projectName, destinations: .iOS, product: .app, bundleId: "a",
                             sources: ["\\(projectName)/Sources/**"], dependencies: dependencies)]
                }
            }
            let factory = BaseProjectFactory()
            let project = Project(name: factory.projectName, targets: factory.generateTarget())
            """,
            "Journey/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.map(\.name) == ["Journey"])
        #expect(facts.first?.targets.first?.swiftSources == ["Journey/Sources/A.swift"])
        #expect(facts.first?.targets.first?.dependencies.map(\.name) == ["Kingfisher"])
    }

    /// Nexters/BuyOrNot-iOS: `var projectPath: Path { Path(stringLiteral: moduleName) }` read back as
    /// `.relativeToRoot(projectPath.pathString)`. Both were opaque: 7 targets' lists unread, 19 findings withheld.
    @Test func aPathMadeFromAStringIsThatString() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Module.swift": """
            import ProjectDescription
            public enum Module: String { case core = "Core" }
            extension Module {
                public var projectPath: Path { Path(stringLiteral: "Projects/\\(rawValue)") }
                public var toDependency: TargetDependency {
                    .project(target: rawValue, path: .relativeToRoot(projectPath.pathString))
                }
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        dependencies: [Module.core.toDependency]),
            ])
            """,
            "App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.first?.dependencies.first?.project == "Projects/Core/Project.swift")
    }

    /// Student-Center/3days-ios's helper sets `targetSettings?.configurations = […]` on a local `Settings?` it has
    /// just made: optional chaining on a value that is there assigns the member; on nil, nothing.
    @Test func anOptionalChainedMemberAssignmentOfALocalIsEvaluated() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Project+Make.swift": """
            import ProjectDescription
            extension Project {
                public static func make(name: String, settings: Settings? = nil, targets: [Target] = []) -> Project {
                    var targetSettings: Settings? = settings
                    if targetSettings != nil {
                        targetSettings?.base.merge(["A": "1"])
                    } else {
                        targetSettings = .settings(base: ["A": "1"])
                    }
                    targetSettings?.configurations = [.debug(name: .debug), .release(name: .release)]
                    var unused: Settings? = nil
                    unused?.configurations = []
                    return Project(name: name, settings: targetSettings, targets: targets)
                }
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project.make(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        dependencies: [.target(name: "Kit")]),
                .target(name: "Kit", destinations: .iOS, product: .framework, bundleId: "k", sources: ["Kit/**"]),
            ])
            """,
            "App/Sources/A.swift": "",
            "App/Kit/K.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.map(\.name) == ["App", "Kit"])
    }

    /// baekteun/GRIG-iOS gives each module's demo app `SourceFilesList(globs: sources.globs + demoSource.globs)`,
    /// where `sources` defaults to a helper's `static let sources: SourceFilesList = "Sources/**"`.
    @Test func aSourceFilesListsGlobsAreWhatItWasWrittenWith() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Sources.swift": """
            import ProjectDescription
            public extension SourceFilesList { static let sources: SourceFilesList = "Sources/**" }
            public func module(_ name: String, sources: SourceFilesList = .sources) -> [Target] {
                let demo: SourceFilesList = ["Demo/Sources/**"]
                let both = SourceFilesList(globs: sources.globs + demo.globs)
                return [
                    .target(name: name, destinations: .iOS, product: .framework, bundleId: "a", sources: sources),
                    .target(name: name + "Demo", destinations: .iOS, product: .app, bundleId: "d",
                            sources: SourceFilesList(globs: both.globs)),
                ]
            }
            """,
            "Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "Kit", targets: module("Kit"))
            """,
            "Sources/Kit.swift": "", "Demo/Sources/Demo.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.map(\.swiftSources) == [["Sources/Kit.swift"], ["Demo/Sources/Demo.swift", "Sources/Kit.swift"]])
    }

    /// boostcampwm-2024/iOS08-Shook declares `static func + (lhs: Self, rhs: String) -> Self` on `Path` and writes
    /// `.scripts + "/SwiftLint.sh"`: Swift calls the helpers' operator, and so does archlint.
    @Test func anOperatorTheHelpersDeclareIsCalled() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Path.swift": """
            import ProjectDescription
            public extension ProjectDescription.Path {
                static var modules: Self { .relativeToRoot("Modules") }
                static func + (lhs: Self, rhs: String) -> Self { .relativeToRoot(lhs.pathString + rhs) }
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        dependencies: [.project(target: "Core", path: .modules + "/Core")]),
            ])
            """,
            "App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.first?.dependencies.first?.project == "Modules/Core/Project.swift")
    }

    /// ibcylon/RickAndMorty-Tuist overloads by type alone: `feature(interface: Feature)` calls the private
    /// `feature(interface: String)` with `moduleName.rawValue`. Taking the first by labels called the `Feature` one
    /// again with a string: three projects' names and paths unread.
    @Test func overloadsThatDifferByTypeArePickedByTheArgument() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Feature.swift": """
            import ProjectDescription
            public enum Feature: String { case character = "Character" }
            public extension TargetDependency {
                private static func feature(interface name: String) -> TargetDependency {
                    .project(target: name + "Interface", path: .relativeToRoot("Features/" + name))
                }
                static func feature(interface name: Feature) -> TargetDependency { .feature(interface: name.rawValue) }
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                        dependencies: [.feature(interface: .character)]),
            ])
            """,
            "App/Sources/A.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        let dependency = facts.first?.targets.first?.dependencies.first
        #expect(dependency?.name == "CharacterInterface")
        #expect(dependency?.project == "Features/Character/Project.swift")
    }

    /// DDD-12-Darayo-iOS: `Project(module:)` is a helper `init` that makes `self` with ProjectDescription's own
    /// `Project(name:…)`; its dependencies come from a dictionary keyed by the helper enum's payload cases
    /// (`.feature(.root)`); names print through the helpers' own `String.capitalized`, which uppercases only the
    /// first letter (`MyPage`, as the folder is named), not Foundation's (`Mypage`); and a scheme's
    /// `.target(name)` of a `String` is ProjectDescription's `TargetReference`, not the helper `target(_:)` of a
    /// `Module`. All of it reads, with no issue.
    @Test func aHelperInitOverProjectDescriptionsOwnReadsWithPayloadKeysAndTheHelpersStringMember() {
        let helpers = """
            import ProjectDescription
            public enum Module: Hashable {
                case app
                case feature(FeatureModule)
                public var name: String {
                    switch self {
                    case .app: "Festibee"
                    case .feature(let module): "\\(module)".capitalized
                    }
                }
                private static let dependencyInfo: [Module: [Module]] = [
                    .app: [.feature(.root)],
                    .feature(.root): [.feature(.myPage)],
                ]
                var dependencies: [TargetDependency] {
                    var all: [TargetDependency] = []
                    if let dependencies = Module.dependencyInfo[self] {
                        all += dependencies.map { .project(target: $0.name, path: .relativeToRoot("Projects/\\($0.name)")) }
                    }
                    return all
                }
            }
            public enum FeatureModule: Hashable { case root, myPage }
            public extension Target {
                static func target(_ module: Module) -> Target {
                    .target(name: module.name, destinations: .iOS, product: .staticLibrary, bundleId: "a",
                            sources: ["Sources/**"], dependencies: module.dependencies)
                }
            }
            public extension Scheme {
                static func scheme(name: String) -> Scheme {
                    .scheme(name: name, buildAction: .buildAction(targets: [.target(name)]))
                }
            }
            public extension Project {
                init(module: Module) {
                    self = Project(name: module.name, targets: [.target(module)], schemes: [.scheme(name: module.name)])
                }
            }
            private extension String {
                var capitalized: String {
                    guard let first else { return self }
                    return String(first).uppercased() + dropFirst()
                }
            }
            """
        var files = [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Module.swift": helpers,
        ]
        for (folder, module) in [("App", ".app"), ("Root", ".feature(.root)"), ("MyPage", ".feature(.myPage)")] {
            files["Projects/\(folder)/Project.swift"] =
                "import ProjectDescription\nimport ProjectDescriptionHelpers\nlet project = Project(module: \(module))\n"
            files["Projects/\(folder)/Sources/A.swift"] = ""
        }
        let facts = TuistRepository(files: files).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        let targets = Dictionary(facts.flatMap(\.targets).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(targets.keys.sorted() == ["Festibee", "MyPage", "Root"])
        #expect(targets["Festibee"]?.dependencies.map(\.name) == ["Root"])
        #expect(targets["Root"]?.dependencies.map(\.name) == ["MyPage"])
        #expect(targets["Root"]?.dependencies.first?.project == "Projects/MyPage/Project.swift")
    }

    /// Team-PIDA/PIDA_iOS picks a target's sources with `module is Feature` on a generic helper's parameter: the
    /// helper enum's value is of its type and of what the type conforms to, and of no other helper type.
    @Test func anIsTestOnAHelperValueIsItsType() {
        let facts = TuistRepository(files: [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Modules.swift": """
            import ProjectDescription
            public protocol ModuleRepresentable { var name: String { get } }
            public enum Feature: String, ModuleRepresentable {
                case home
                public var name: String { rawValue.capitalized + "Feature" }
            }
            public enum Client: String, ModuleRepresentable {
                case api
                public var name: String { rawValue.uppercased() + "Client" }
            }
            public extension Target {
                static func module<T: ModuleRepresentable>(_ module: T) -> Target {
                    let sources = module is Feature ? "\\(module.name)/Sources/**" : "Sources/**"
                    let kind = module is ModuleRepresentable ? "Module" : "Other"
                    return .target(name: module.name + kind, destinations: .iOS, product: .framework,
                                   bundleId: module.name, sources: [.glob(.relativeToManifest(sources))])
                }
            }
            """,
            "App/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [.module(Feature.home), .module(Client.api)])
            """,
            "App/HomeFeature/Sources/Home.swift": "",
            "App/Sources/API.swift": "",
        ]).read()
        #expect(facts.flatMap(\.issues).map(\.message) == [])
        #expect(facts.first?.targets.map(\.name) == ["HomeFeatureModule", "APIClientModule"])
        #expect(facts.first?.targets.map(\.swiftSources) == [["App/HomeFeature/Sources/Home.swift"], ["App/Sources/API.swift"]])
    }
}
