import ArchlintModel
import Testing
@testable import Manifests

/// Each messy idiom real manifests use, read statically without an issue (or with exactly the expected one).
@Suite struct ManifestIdiomTests {
    @Test func constantsHoldingTargets() throws {
        let source = """
        let core = Target.target(name: "Core")
        let ui: Target = .target(name: "UI", dependencies: ["Core"])
        var tests: PackageDescription.Target = .testTarget(name: "UITests", dependencies: ["UI"])
        let package = Package(name: "P", targets: [core, ui, tests])
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["Core", "UI", "UITests"])
        #expect(facts.target("UI")?.location == at(".target(name: \"UI\"", in: source))
        #expect(facts.target("UITests")?.kind == .test)
        #expect(facts.unresolved == [])
    }

    /// TEAMYG-iOS maps product names to their package in a `[String: String]` and looks each dependency up:
    /// found, a product of that package; not found (`nil`), a target. Every key is kept, not just the settings a
    /// `SettingsDictionary` keeps.
    @Test func aStringKeyedDictionaryIsLookedUpByItsKeys() {
        let source = """
        let externalProducts: [String: String] = [
            "KakaoSDKAuth": "kakao-ios-sdk",
        ]
        let modules: [(name: String, dependencies: [String])] = [("Common", []), ("AuthData", ["Common", "KakaoSDKAuth"])]
        let package = Package(
            name: "P",
            dependencies: [.package(url: "https://github.com/kakao/kakao-ios-sdk", from: "2.28.0")],
            targets: modules.map { module in
                .target(name: module.name, dependencies: module.dependencies.map { name in
                    if let package = externalProducts[name] {
                        return .product(name: name, package: package)
                    }
                    return .target(name: name)
                })
            }
        )
        """
        let facts = readManifest(source)
        #expect(facts.unresolved == [])
        #expect(facts.target("AuthData")?.dependencies.map { "\($0.kind) \($0.name) \($0.package ?? "-")" } == [
            "target Common -", "product KakaoSDKAuth kakao-ios-sdk",
        ])
    }

    /// Overloaded helpers (ProtonVPN's `.github(_:repo:exact:)`, `(_:repo:revision:)`, `(_:repo:_:)`): each call
    /// takes the overload its labels fit, wherever it is declared.
    @Test func overloadedHelpersAreChosenByTheirLabels() {
        let source = """
        let package = Package(name: "P", dependencies: [
            .github("a", repo: "One", exact: "1.0.0"),
            .github("b", repo: "Two", revision: "abc"),
            .github("c", repo: "Three", .upToNextMajor(from: "1.0.0")),
        ], targets: [.target(name: "Core")])

        extension PackageDescription.Package.Dependency {
            static func github(_ author: String, repo: String, exact version: Version) -> Package.Dependency {
                .package(url: "https://github.com/\\(author)/\\(repo)", exact: version)
            }
            static func github(_ author: String, repo: String, revision: String) -> Package.Dependency {
                .package(url: "https://github.com/\\(author)/\\(repo)", revision: revision)
            }
            static func github(_ author: String, repo: String, _ range: Range<Version>) -> Package.Dependency {
                .package(url: "https://github.com/\\(author)/\\(repo)", range)
            }
        }
        """
        let facts = readManifest(source)
        #expect(facts.unresolved == [])
        #expect(facts.dependencies.map(\.location) == [
            "https://github.com/a/One", "https://github.com/b/Two", "https://github.com/c/Three",
        ])
    }

    @Test func dependencyArraysInConstants() throws {
        let source = """
        let common: [Target.Dependency] = ["Core", .product(name: "Logging", package: "swift-log")]
        var uiDependencies: [Target.Dependency] = common
        let package = Package(name: "P", targets: [
            .target(name: "UI", dependencies: uiDependencies),
            .target(name: "Feature", dependencies: common + ["UI"]),
        ])
        """
        let facts = readManifest(source)
        #expect(facts.target("UI")?.dependencyNames == ["Core", "Logging"])
        #expect(facts.target("Feature")?.dependencyNames == ["Core", "Logging", "UI"])
        // Elements of a list constant keep their own locations: each names exactly one dependency.
        #expect(facts.target("Feature")?.dependencies.map(\.location) == [
            at("\"Core\"", in: source), at(".product", in: source), at("\"UI\"]", in: source),
        ])
        #expect(facts.unresolved == [])
    }

    @Test func singleTargetDependencyConstants() {
        let source = """
        let logging: PackageDescription.Target.Dependency = .product(name: "Logging", package: "swift-log")
        let core = Target.Dependency.target(name: "Core")
        let util: Target.Dependency = "Util"
        let package = Package(name: "P", targets: [.target(name: "UI", dependencies: [logging, core, util])])
        """
        let facts = readManifest(source)
        #expect(facts.target("UI")?.dependencies.map { "\($0.kind.rawValue):\($0.name):\($0.package ?? "")" } == [
            "product:Logging:swift-log", "target:Core:", "byName:Util:",
        ])
        #expect(facts.target("UI")?.dependencies.map(\.location) == [
            at("logging, core", in: source), at("core, util", in: source), at("util])", in: source),
        ])
        #expect(facts.unresolved == [])
    }

    @Test func packageDependencyProductListAndStringConstants() {
        let source = """
        let name = "Kit"
        let corePath = "Sources/" + "Core"
        let logURL = "https://github.com/apple/swift-log.git"
        let log = Package.Dependency.package(url: logURL, from: "1.0.0")
        let dependencies: [Package.Dependency] = [log, .package(path: "../Local")]
        let products: [Product] = [.library(name: name, targets: [name + "Core"])]
        let package = Package(
            name: name,
            products: products,
            dependencies: dependencies,
            targets: [.target(name: name + "Core", path: corePath)]
        )
        """
        let facts = readManifest(source)
        #expect(facts.packageName == "Kit")
        #expect(facts.products.map(\.name) == ["Kit"])
        #expect(facts.products.first?.targets == ["KitCore"])
        #expect(facts.dependencies.map(\.identity) == ["swift-log", "local"])
        #expect(facts.target("KitCore")?.path == "Sources/Core")
        #expect(facts.unresolved == [])
    }

    @Test func arrayConcatenationWithPlus() {
        let source = """
        let features: [Target] = [.target(name: "Home"), .target(name: "Search")]
        let package = Package(name: "P", targets: [.target(name: "Core")] + features + [.testTarget(name: "T")])
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["Core", "Home", "Search", "T"])
        #expect(facts.unresolved == [])
    }

    @Test func compoundAssignmentAndAppendOnLocalVariables() {
        let source = """
        var targets: [Target] = [.target(name: "A")]
        targets += [.target(name: "B")]
        targets.append(.target(name: "C"))
        targets.append(contentsOf: [.target(name: "D")])
        var deps: [Target.Dependency] = []
        deps += ["A"]
        deps.append("B")
        targets.insert(.target(name: "E", dependencies: deps), at: 0)
        let package = Package(name: "P", targets: targets)
        """
        let facts = readManifest(source)
        // `insert(_:at: 0)` puts `E` first, as Swift does.
        #expect(facts.targetNames == ["E", "A", "B", "C", "D"])
        #expect(facts.target("E")?.dependencyNames == ["A", "B"])
        #expect(facts.unresolved == [])
    }

    @Test func selfReferencingAssignmentAndReplacement() {
        let source = """
        var targets: [Target] = [.target(name: "Old")]
        targets = [.target(name: "A")]
        targets = targets + [.target(name: "B")]
        let package = Package(name: "P", targets: targets)
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["A", "B"])
        #expect(facts.unresolved == [])
    }

    @Test func packageListsChangedAfterThePackageCall() {
        let source = """
        let package = Package(name: "P", products: [], dependencies: [], targets: [.target(name: "A")])
        package.targets += [.target(name: "B")]
        package.targets.append(.testTarget(name: "ATests", dependencies: ["A"]))
        package.targets.append(contentsOf: [.target(name: "C")])
        package.products += [.library(name: "PA", targets: ["A"])]
        package.products.append(.executable(name: "tool", targets: ["C"]))
        package.dependencies.append(.package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0"))
        package.dependencies.append(contentsOf: [.package(path: "../Other")])
        package.dependencies += [.package(id: "scope.Name", exact: "1.0.0")]
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["A", "B", "ATests", "C"])
        #expect(facts.products.map(\.name) == ["PA", "tool"])
        #expect(facts.dependencies.map(\.identity) == ["swift-nio", "other", "scope.Name"])
        #expect(facts.target("ATests")?.location == at(".testTarget", in: source))
        #expect(facts.unresolved == [])
    }

    @Test func packageListsWithoutArgumentsInThePackageCall() {
        let source = """
        var package = Package(name: "P")
        package.targets = [.target(name: "A")]
        package.targets.append(.target(name: "B"))
        """
        // `package.targets = …` replaces the (empty) list from the call; the later `append` adds to it.
        let facts = readManifest(source)
        #expect(facts.targetNames == ["A", "B"])
        #expect(facts.unresolved == [])
    }

    @Test func extensionHelpersOnTargetDependency() {
        let source = """
        extension Target.Dependency {
            static let logging = Self.product(name: "Logging", package: "swift-log")
            static let core: Target.Dependency = "Core"
            static var ui: Self { .target(name: "UI") }
            static var nio: Self {
                get { .product(name: "NIO", package: "swift-nio") }
            }
            static func feature(_ name: String) -> Self { .target(name: name + "Feature") }
            static func external(_ product: String, in package: String = "shared-kit") -> Target.Dependency {
                return .product(name: product, package: package)
            }
        }
        let package = Package(name: "P", targets: [
            .target(name: "App", dependencies: [.logging, .core, .ui, .nio, .feature("Home"), .external("Kit")]),
        ])
        """
        let facts = readManifest(source)
        #expect(facts.target("App")?.dependencies.map { "\($0.name)@\($0.package ?? "")" } == [
            "Logging@swift-log", "Core@", "UI@", "NIO@swift-nio", "HomeFeature@", "Kit@shared-kit",
        ])
        // A helper's result is located at its use, not inside the helper.
        #expect(facts.target("App")?.dependencies[4].location == at(".feature(\"Home\")", in: source))
        #expect(facts.unresolved == [])
    }

    @Test func extensionAndNamespaceHelpersForTargetsAndPackages() {
        let source = """
        enum Dependencies {
            static let log = Target.Dependency.product(name: "Logging", package: "swift-log")
        }
        enum Module: String {
            case core = "AppCore"
            case ui
        }
        extension Package.Dependency {
            static let log = Package.Dependency.package(url: "https://github.com/apple/swift-log", from: "1.0.0")
        }
        extension Target {
            static func module(_ name: String, dependencies: [Target.Dependency] = []) -> Target {
                .target(name: name, dependencies: dependencies + [Dependencies.log], path: "Modules/\\(name)/Sources")
            }
        }
        let package = Package(
            name: "P",
            dependencies: [.log],
            targets: [
                .module(Module.core.rawValue),
                .module(Module.ui.rawValue, dependencies: [.target(name: Module.core.rawValue)]),
            ]
        )
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["AppCore", "ui"])
        #expect(facts.target("ui")?.dependencyNames == ["AppCore", "Logging"])
        #expect(facts.target("AppCore")?.path == "Modules/AppCore/Sources")
        #expect(facts.target("ui")?.location == at(".module(Module.ui", in: source))
        #expect(facts.dependencies.map(\.identity) == ["swift-log"])
        #expect(facts.unresolved == [])
    }

    @Test func ifConfigBlocksTakeTheUnionAndKeepConditions() {
        let source = """
        #if os(Linux)
        let platformDependencies: [Target.Dependency] = ["Glibc"]
        #elseif swift(>=5.9)
        let platformDependencies: [Target.Dependency] = [.product(name: "Modern", package: "modern")]
        #else
        let platformDependencies: [Target.Dependency] = ["Fallback"]
        #endif
        let package = Package(name: "P", targets: [.target(name: "A", dependencies: ["Core"] + platformDependencies)])
        #if canImport(Darwin) || os(visionOS)
        package.targets.append(.target(name: "DarwinOnly"))
        #if DEBUG
        package.targets.append(.target(name: "DebugDarwin"))
        #endif
        #endif
        """
        let facts = readManifest(source)
        #expect(facts.target("A")?.dependencies.map { "\($0.name) [\($0.condition ?? "")]" } == [
            "Core []", "Glibc [os(Linux)]", "Modern [!(os(Linux)) && swift(>=5.9)]",
            "Fallback [!(os(Linux)) && !(swift(>=5.9))]",
        ])
        #expect(facts.target("DarwinOnly")?.condition == "canImport(Darwin) || os(visionOS)")
        #expect(facts.target("DebugDarwin")?.condition == "(canImport(Darwin) || os(visionOS)) && DEBUG")
        #expect(facts.target("A")?.condition == nil)
        #expect(facts.unresolved == [])
    }

    @Test func sameTargetInSeveralBranchesIsMergedOnce() {
        let source = """
        let package = Package(name: "P")
        #if os(Linux)
        package.targets.append(.target(name: "Net", dependencies: ["Glibc"]))
        #else
        package.targets.append(.target(name: "Net", dependencies: ["Darwin"]))
        #endif
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["Net"])
        #expect(facts.target("Net")?.condition == "(os(Linux)) || (!(os(Linux)))")
        #expect(facts.target("Net")?.dependencies.map { "\($0.name) [\($0.condition ?? "")]" } == [
            "Glibc [os(Linux)]", "Darwin [!(os(Linux))]",
        ])
    }

    @Test func ifStatementsAndEnvironmentChecksTakeTheUnion() {
        let source = """
        import Foundation
        let useLocal = ProcessInfo.processInfo.environment["USE_LOCAL"] != nil
        let products: [Product]
        if useLocal {
            products = [.library(name: "Dynamic", type: .dynamic, targets: ["A"])]
        } else if Context.environment["CI"] == "1" {
            products = [.library(name: "CI", targets: ["A"])]
        } else {
            products = [.library(name: "Static", targets: ["A"])]
        }
        let package = Package(name: "P", products: products, targets: [.target(name: "A")])
        if Context.environment["BENCH"] != nil {
            package.dependencies += [.package(url: "https://github.com/ordo-one/benchmark", from: "1.0.0")]
        }
        """
        let facts = readManifest(source)
        // A condition held in a constant reads as what the constant holds.
        let useLocal = "ProcessInfo.processInfo.environment[\"USE_LOCAL\"] != nil"
        #expect(facts.products.map { "\($0.name) [\($0.condition ?? "")]" } == [
            "Dynamic [\(useLocal)]", "CI [!(\(useLocal)) && Context.environment[\"CI\"] == \"1\"]",
            "Static [!(\(useLocal)) && !(Context.environment[\"CI\"] == \"1\")]",
        ])
        #expect(facts.dependencies.first?.condition == "Context.environment[\"BENCH\"] != nil")
        #expect(facts.unresolved == [])
    }

    /// `if a, b` means `a && b`, as in Swift; a part with `||` keeps its own parentheses.
    @Test func aCommaInAnIfConditionIsAndOfItsParts() {
        let source = """
        import Foundation
        let package = Package(name: "P", targets: [.target(name: "A")])
        if ProcessInfo.processInfo.environment["CI"] != nil, ProcessInfo.processInfo.environment["FAST"] == nil {
            package.targets.append(.target(name: "CIOnly"))
        }
        if Context.environment["DEBUG"] != nil || Context.environment["TEST"] != nil, Context.environment["RELEASE"] == nil {
            package.targets += [.target(name: "DebugOnly")]
        }
        """
        let facts = readManifest(source)
        #expect(facts.target("CIOnly")?.condition
            == "ProcessInfo.processInfo.environment[\"CI\"] != nil && ProcessInfo.processInfo.environment[\"FAST\"] == nil")
        #expect(facts.target("DebugOnly")?.condition
            == "(Context.environment[\"DEBUG\"] != nil || Context.environment[\"TEST\"] != nil) && Context.environment[\"RELEASE\"] == nil")
        #expect(facts.unresolved == [])
    }

    @Test func ternaryListsTakeBothBranches() {
        let source = """
        let package = Package(
            name: "P",
            dependencies: Context.environment["LOCAL"] != nil ? [.package(path: "../Kit")] : [.package(url: "https://example.com/kit.git", from: "1.0.0")],
            targets: [.target(name: "A", dependencies: Context.environment["LOCAL"] != nil ? ["LocalKit"] : [])]
        )
        """
        let facts = readManifest(source)
        let local = "Context.environment[\"LOCAL\"] != nil"
        #expect(facts.dependencies.map { "\($0.kind.rawValue) [\($0.condition ?? "")]" } == ["path [\(local)]", "url [!(\(local))]"])
        #expect(facts.target("A")?.dependencies.first?.condition == local)
        #expect(facts.unresolved == [])
    }

    /// Idioms of large packages' manifests (written for this test): settings declared at the end of the file as
    /// computed properties and helpers, products described by labelled tuples, an aggregate target built from
    /// the package's own targets, a check with `assert`.
    @Test func computedSettingsTuplesAndAggregates() {
        let source = """
        import Foundation
        let kit = (name: "Kit", targets: ["Core", "UI"])
        let package = Package(
            name: "P",
            products: [.library(name: kit.name, targets: kit.targets)],
            targets: [.target(name: "Core"), .target(name: "UI", dependencies: ["Core"]), .testTarget(name: "CoreTests")]
        )
        if useDynamicLibrary {
            package.products.append(.library(name: "KitDynamic", type: .dynamic, targets: kit.targets))
        }
        if isSet("KIT_EXTRAS") {
            package.targets.append(.target(name: "Extras"))
        }
        package.targets.append(.target(name: "Everything", dependencies: package.targets.compactMap {
            $0.type == .test ? nil : .target(name: $0.name)
        }))
        assert(!package.targets.isEmpty)
        func isSet(_ name: String) -> Bool { ProcessInfo.processInfo.environment[name] != nil }
        var useDynamicLibrary: Bool { isSet("KIT_DYNAMIC") }
        """
        let facts = readManifest(source)
        #expect(facts.unresolved == [])
        #expect(facts.products.map { "\($0.name) \($0.targets) [\($0.condition ?? "")]" } == [
            "Kit [\"Core\", \"UI\"] []", "KitDynamic [\"Core\", \"UI\"] [useDynamicLibrary]",
        ])
        #expect(facts.target("Extras")?.condition == "isSet(\"KIT_EXTRAS\")")
        // Names read from targets don't carry the targets' conditions: `Extras` is depended on as a name.
        #expect(facts.target("Everything")?.dependencies.map { "\($0.name)\($0.condition.map { " [\($0)]" } ?? "")" } == [
            "Core", "UI", "Extras",
        ])
    }

    @Test func anExplicitNilArgumentIsLeftOut() {
        let facts = readManifest("let package = Package(name: \"P\", targets: [.target(name: \"A\", path: nil, sources: nil)])")
        #expect(facts.unresolved == [])
        #expect(facts.target("A")?.path == nil)
        #expect(facts.target("A")?.sources == nil)
    }

    /// A target changed through an expression archlint can't follow: reported, and every target is partial.
    @Test func aChangeToATargetFoundByAnExpression() {
        let source = """
        let package = Package(name: "P", targets: [.target(name: "A"), .target(name: "B")])
        package.targets.first(where: { $0.name == "A" })!.dependencies += ["B"]
        """
        let facts = readManifest(source)
        let change = at("package.targets.first", in: source)
        #expect(facts.unresolved.map(\.location) == [change])
        #expect(facts.unresolved.first?.message.contains("`Target` is a class") == true)
        #expect(facts.targets.map { $0.unreadDependencies.map(\.location) } == [[change], [change]])
    }

    /// A package declared in each clause of an `#if` is every clause's, each target under its clause.
    @Test func aPackageDeclaredInEachClauseOfAnIf() {
        let source = """
        #if os(Linux)
        let package = Package(name: "P", targets: [.target(name: "LinuxOnly"), .target(name: "Core")])
        #else
        let package = Package(name: "P", targets: [.target(name: "Core", dependencies: ["Darwin"])])
        #endif
        """
        let facts = readManifest(source)
        #expect(facts.packageName == "P")
        #expect(facts.targets.map { "\($0.name) [\($0.condition ?? "")]" } == [
            "LinuxOnly [os(Linux)]", "Core [(os(Linux)) || (!(os(Linux)))]",
        ])
        #expect(facts.target("Core")?.dependencies.map { "\($0.name) [\($0.condition ?? "")]" } == ["Darwin [!(os(Linux))]"])
        #expect(facts.unresolved == [])
    }

    /// A condition on a constant is decided, as Swift decides it: only the branch it picks is declared.
    @Test func aKnownConditionPicksItsBranch() {
        let source = """
        let useLocal = false
        let package = Package(
            name: "P",
            dependencies: useLocal ? [.package(path: "../Kit")] : [.package(url: "https://example.com/kit.git", from: "1.0.0")],
            targets: [.target(name: "A", dependencies: useLocal ? ["LocalKit"] : [])]
        )
        """
        let facts = readManifest(source)
        #expect(facts.dependencies.map { "\($0.kind.rawValue) [\($0.condition ?? "")]" } == ["url []"])
        #expect(facts.target("A")?.dependencies == [])
        #expect(facts.unresolved == [])
    }

    @Test func settingsOnlyLoopsAndClosuresAreNotReported() {
        let source = """
        let settings: [SwiftSetting] = { var s: [SwiftSetting] = []; s.append(.define("X")); return s }()
        let package = Package(name: "P", targets: [.target(name: "A", swiftSettings: settings)])
        for target in package.targets {
            var targetSettings = target.swiftSettings ?? []
            targetSettings.append(.enableUpcomingFeature("ExistentialAny"))
            target.swiftSettings = targetSettings
            if target.name != "A" { target.swiftSettings?.append(.define("B")) }
        }
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["A"])
        #expect(facts.unresolved == [])
    }

    @Test func resolvableStringInterpolation() {
        let source = """
        let root = "Modules"
        let package = Package(name: "P", targets: [.target(name: "Home", path: "\\(root)/Home/Sources")])
        """
        #expect(readManifest(source).target("Home")?.path == "Modules/Home/Sources")
    }
}

@Suite struct ManifestItemSpellingTests {
    /// PackageDescription's `…Item` spellings read exactly like `.target`, `.product` and `.byName`.
    @Test func itemSpellingsOfTargetDependencies() {
        let source = """
        let package = Package(name: "P", targets: [
            .target(name: "UI", dependencies: [
                .targetItem(name: "Core", condition: nil),
                .productItem(name: "Logging", package: "swift-log", moduleAliases: nil, condition: .when(platforms: [.iOS])),
                .byNameItem(name: "Util", condition: nil),
                Target.Dependency.targetItem(name: "Model", condition: nil),
            ]),
        ])
        """
        let facts = readManifest(source)
        #expect(facts.target("UI")?.dependencies.map { "\($0.kind.rawValue):\($0.name):\($0.package ?? "")" } == [
            "target:Core:", "product:Logging:swift-log", "byName:Util:", "target:Model:",
        ])
        #expect(facts.target("UI")?.dependencies.map(\.condition) == [nil, ".when(platforms: [.iOS])", nil, nil])
        #expect(facts.target("UI")?.dependencies.map(\.location) == [
            at(".targetItem", in: source), at(".productItem", in: source), at(".byNameItem", in: source),
            at("Target.Dependency.targetItem", in: source),
        ])
        #expect(facts.unresolved == [])
    }
}
