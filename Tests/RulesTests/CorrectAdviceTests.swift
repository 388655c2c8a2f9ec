import ArchlintModel
@testable import Rules
import Testing

/// Advice that is right for the build: umbrella products, other local packages' products, RIBs components.
@Suite struct CorrectAdviceTests {
    /// A local package `Kit` whose product `KitAll` is an umbrella target depending on `Networking`, also a
    /// product of its own.
    static func kit(appDependencies: [String], appImports: String) -> [String: String] {
        [
            "Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    dependencies: [.package(path: "Kit")],
                    targets: [
                        .target(name: "App", dependencies: [\(appDependencies.joined(separator: ", "))]),
                    ]
                )

                """,
            "Sources/App/App.swift": appImports,
            "Kit/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription

                let package = Package(
                    name: "Kit",
                    products: [
                        .library(name: "KitAll", targets: ["KitAll"]),
                        .library(name: "Networking", targets: ["Networking"]),
                    ],
                    targets: [
                        .target(name: "KitAll", dependencies: ["Networking"]),
                        .target(name: "Networking"),
                    ]
                )

                """,
            "Kit/Sources/KitAll/KitAll.swift": "import Networking\n",
            "Kit/Sources/Networking/Client.swift": "import Foundation\n",
        ]
    }

    static let kitAll = ".product(name: \"KitAll\", package: \"Kit\")"
    static let networking = ".product(name: \"Networking\", package: \"Kit\")"

    @Test func anUmbrellaProductThatSuppliesAnImportedModuleIsNotAdvisedAway() throws {
        let files = Self.kit(appDependencies: [Self.kitAll], appImports: "import Networking\n")
        let unused = try RuleExampleHarness.run(RuleExample(files), ruleID: "unused-dependency").actual
        #expect(unused.isEmpty, "\(unused.map(\.message))")
        // What to do instead: declare the product that exposes the module.
        let undeclared = try RuleExampleHarness.run(RuleExample(files), ruleID: "undeclared-import").actual
        #expect(undeclared.map(\.message) == [
            "'App' imports 'Networking', which its target doesn't declare directly; it is only reachable transitively "
                + "(App → KitAll → Networking) and breaks when 'KitAll' drops it; add .product(name: \"Networking\", "
                + "package: \"Kit\") to the dependencies of target 'App' in Package.swift",
        ])
        #expect(undeclared.map(\.location) == [SourceLocation(file: "Sources/App/App.swift", line: 1, column: 1)])
    }

    @Test func anUmbrellaIsStillUnusedWhenAnotherDependencySuppliesTheModuleDirectly() throws {
        let files = Self.kit(appDependencies: [Self.kitAll, Self.networking], appImports: "import Networking\n")
        let unused = try RuleExampleHarness.run(RuleExample(files), ruleID: "unused-dependency").actual
        #expect(unused.map(\.location) == [SourceLocation(file: "Package.swift", line: 8, column: 45)])
        #expect(try RuleExampleHarness.run(RuleExample(files), ruleID: "undeclared-import").actual.isEmpty)
    }

    @Test func importsOfAnotherLocalPackagesDeclaredProductsAreAccepted() throws {
        let files = Self.kit(appDependencies: [Self.networking], appImports: "import Networking\n")
        #expect(try RuleExampleHarness.run(RuleExample(files), ruleID: "undeclared-import").actual.isEmpty)
        #expect(try RuleExampleHarness.run(RuleExample(files), ruleID: "unused-dependency").actual.isEmpty)
    }

    @Test func ribsComponentsAcceptAnyGenericArgument() throws {
        let files = [
            "Tests/RIBsTests/ComponentTests.swift": """
                @testable import RIBs
                import XCTest

                final class ComponentTests: XCTestCase {
                    func testShared() {
                        let component = TestComponent(dependency: EmptyComponent())
                        XCTAssertNotNil(component)
                    }
                }

                private final class TestComponent: Component<EmptyComponent> {}
                """,
        ]
        let found = try RuleExampleHarness.run(RuleExample(files), ruleID: "missing-dependency-conformance").actual
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test func needleComponentsStillNeedADependencyProtocolWhateverTheFileImports() throws {
        let files = [
            "Sources/App/Root.swift": "import NeedleFoundation\n\nfinal class RootComponent: BootstrapComponent {}\n",
            "Sources/App/Settings.swift": "final class SettingsState {}\n\nfinal class SettingsComponent: Component<SettingsState> {}\n",
        ]
        // A RIBs-group rule: code without RIBs runs it when the configuration names it.
        let example = RuleExample(files, configuration: "rules:\n  missing-dependency-conformance: error\n")
        let found = try RuleExampleHarness.run(example, ruleID: "missing-dependency-conformance").actual
        #expect(found.map(\.location) == [SourceLocation(file: "Sources/App/Settings.swift", line: 3, column: 13)])
    }

    /// A sibling package reached only through another package's product: the fix names the product and the
    /// `.package(path:)` entry the importing package doesn't have yet (adding the product alone would not resolve).
    @Test func anImportOfASiblingPackageSaysWhichPackageEntryIsMissing() throws {
        func manifest(_ name: String, dependencies: String, targetDependencies: String) -> String {
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "\(name)",
                products: [.library(name: "\(name)", targets: ["\(name)"])],
                dependencies: [\(dependencies)],
                targets: [.target(name: "\(name)", dependencies: [\(targetDependencies)])]
            )

            """
        }
        let files = [
            "Packages/Account/Package.swift": manifest(
                "Account", dependencies: ".package(path: \"../Status\")", targetDependencies: ".product(name: \"Status\", package: \"Status\")"),
            "Packages/Account/Sources/Account/Row.swift": "import Status\nimport Models\n",
            "Packages/Status/Package.swift": manifest(
                "Status", dependencies: ".package(path: \"../Models\")", targetDependencies: ".product(name: \"Models\", package: \"Models\")"),
            "Packages/Status/Sources/Status/Status.swift": "import Models\n",
            "Packages/Models/Package.swift": manifest("Models", dependencies: "", targetDependencies: ""),
            "Packages/Models/Sources/Models/Model.swift": "import Foundation\n",
        ]
        let found = try RuleExampleHarness.run(RuleExample(files), ruleID: "undeclared-import").actual
        #expect(found.count == 1)
        let message = try #require(found.first?.message)
        #expect(message.contains("add .product(name: \"Models\", package: \"Models\") to the dependencies of target 'Account' in Packages/Account/Package.swift, and `.package(path: \"../Models\")` to that package's `dependencies:`, which doesn't list it yet"), "\(message)")
    }

    /// `App → RootFeature → MainFeature → CardFeature`, and `App` imports `CardFeature`: removing MainFeature's
    /// declaration breaks `App`, two levels up, so the advice says to declare it there first. `Logger` also
    /// reaches `App` through `Base`, so dropping MainFeature's `Logger` breaks nobody. The `CardFeature`
    /// declaration is one finding, cross-feature-import's (unused-dependency said it again before).
    @Test func aDeclarationThatADependantTwoLevelsUpBuildsThroughSaysSo() throws {
        let files = [
            "Package.swift": ModuleRuleExamples.manifest(targets: [
                ("App", ["\"RootFeature\"", "\"Base\""]), ("RootFeature", ["\"MainFeature\""]),
                ("MainFeature", ["\"CardFeature\"", "\"Logger\""]), ("CardFeature", []), ("Base", ["\"Logger\""]), ("Logger", []),
            ]),
            "Sources/App/App.swift": "import Base\nimport RootFeature\nimport CardFeature\nimport Logger\n",
            "Sources/RootFeature/Root.swift": "import MainFeature\n",
            // Code of its own: a module whose files declare nothing would be an umbrella (`ModuleRoles`).
            "Sources/MainFeature/MainScreen.swift": "import Foundation\npublic struct MainScreen {}\n",
            "Sources/CardFeature/Card.swift": "import Foundation\n",
            "Sources/Base/Base.swift": "import Logger\n",
            "Sources/Logger/Logger.swift": "import Foundation\n",
        ]
        let crossFeature = try RuleExampleHarness.run(RuleExample(files), ruleID: "cross-feature-import").actual
        #expect(crossFeature.map(\.message) == [
            "'MainFeature' declares a dependency on 'CardFeature', another feature's implementation; no file of 'MainFeature' "
                + "imports it, but 'App' imports it through it without declaring it: declare it there (see undeclared-import), "
                + "then remove the declaration",
        ])
        let unused = try RuleExampleHarness.run(RuleExample(files), ruleID: "unused-dependency").actual
        #expect(unused.map(\.message).sorted() == [
            "target 'MainFeature' declares a dependency on 'Logger' but none of its files imports it; remove it from the "
                + "target's dependencies in Package.swift",
        ])
    }

    /// A Tuist helper declares two targets at one call site: each finding names its own target's dependency, never
    /// the other target's (`HomeTests` declares `Home`, not `Core`).
    @Test func aHelperCallSiteNamesEachTargetsOwnDependency() throws {
        let files = [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Project.swift": """
                import ProjectDescription
                func module(_ name: String, dependencies: [String] = []) -> [Target] {
                    [
                        .target(name: name, destinations: .iOS, product: .framework, bundleId: name, sources: ["\\(name)/**"],
                                dependencies: dependencies.map { .target(name: $0) }),
                        .target(name: "\\(name)Tests", destinations: .iOS, product: .unitTests, bundleId: "t",
                                sources: ["\\(name)Tests/**"], dependencies: [.target(name: name)]),
                    ]
                }
                let project = Project(name: "P", targets: module("Core") + module("Home", dependencies: ["Core"]))

                """,
            "Core/Core.swift": "import Foundation\n",
            "CoreTests/CoreTests.swift": "@testable import Core\n",
            "Home/Home.swift": "import Core\n",
            // Tests that declare something: a target whose files declare nothing is a placeholder, never reported.
            "HomeTests/A.swift": "import Foundation\n\nfinal class ATests {}\n",
            "HomeTests/B.swift": "import Foundation\n\nfinal class BTests {}\n",
        ]
        let unused = try RuleExampleHarness.run(RuleExample(files), ruleID: "unused-dependency").actual
        #expect(unused.map(\.message) == [
            "target 'HomeTests' declares a dependency on 'Home' but none of its files imports it; remove it from the "
                + "target's `dependencies:` in Project.swift",
        ])
    }

    /// 3dollars-in-my-pocket's `makeFeatureModule` gives every `XInterface` target a list of its own: that list, in
    /// the helper, is what to edit, not the manifest's `dependencies:` (which the feature target gets). A constant
    /// of the helpers that the manifest names (`.Core.log`) is edited in the manifest.
    @Test func aListAHelperFixesIsEditedInTheHelper() throws {
        let files = [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Dependencies.swift": """
                import ProjectDescription
                public extension TargetDependency {
                    enum Core {
                        public static let log = TargetDependency.target(name: "Log")
                        public static let model = TargetDependency.target(name: "Model")
                    }
                }

                """,
            "Tuist/ProjectDescriptionHelpers/Feature.swift": """
                import ProjectDescription
                public func feature(_ name: String, dependencies: [TargetDependency]) -> [Target] {
                    [
                        .target(name: name, destinations: .iOS, product: .framework, bundleId: name,
                                sources: ["\\(name)/**"], dependencies: dependencies),
                        .target(name: "\\(name)Interface", destinations: .iOS, product: .framework, bundleId: "i",
                                sources: ["\\(name)Interface/**"],
                                dependencies: [
                                    .Core.model,
                                    .Core.log,
                                ]),
                    ]
                }

                """,
            "Project.swift": """
                import ProjectDescription
                import ProjectDescriptionHelpers
                let project = Project(name: "P", targets: feature("Home", dependencies: [
                    .Core.log,
                    .target(name: "HomeInterface"),
                ]) + [
                    .target(name: "Log", destinations: .iOS, product: .framework, bundleId: "l", sources: ["Log/**"]),
                    .target(name: "Model", destinations: .iOS, product: .framework, bundleId: "m", sources: ["Model/**"]),
                ])

                """,
            "Home/Home.swift": "import HomeInterface\n",
            "HomeInterface/HomeInterface.swift": "import Foundation\n",
            "Log/Log.swift": "import Foundation\n",
            "Model/Model.swift": "import Foundation\n",
        ]
        let unused = try RuleExampleHarness.run(RuleExample(files), ruleID: "unused-dependency").actual
        #expect(unused.map { "\($0.location.file):\($0.location.line) \($0.message)" } == [
            "Project.swift:3 target 'HomeInterface' declares a dependency on 'Log' and 1 more but none of its files "
                + "imports them; remove them from the helper's list at Tuist/ProjectDescriptionHelpers/Feature.swift:9-10 "
                + "(every target it makes gets them)",
            "Project.swift:4 target 'Home' declares a dependency on 'Log' but none of its files imports it; remove it "
                + "from the target's `dependencies:` in Project.swift",
        ])
        #expect(unused.first?.related.map { "\($0.location.file):\($0.location.line)" } == [
            "Tuist/ProjectDescriptionHelpers/Feature.swift:9", "Tuist/ProjectDescriptionHelpers/Feature.swift:10",
        ])
    }

    /// `isCI ? "X" : "Y"` in a Tuist manifest declares two dependencies at one place, each under its own condition:
    /// two findings, each with its condition, never "'X' and 1 more" under X's condition.
    @Test func dependenciesAtOnePlaceUnderDifferentConditionsAreSeparateFindings() throws {
        let files = [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Project.swift": """
                import ProjectDescription
                let isCI = Environment.isCI.getBoolean(default: false)
                let project = Project(name: "P", targets: [
                    .target(name: "App", destinations: .iOS, product: .app, bundleId: "a", sources: ["App/**"],
                            dependencies: [.target(name: isCI ? "X" : "Y")]),
                    .target(name: "X", destinations: .iOS, product: .framework, bundleId: "x", sources: ["X/**"]),
                    .target(name: "Y", destinations: .iOS, product: .framework, bundleId: "y", sources: ["Y/**"]),
                ])

                """,
            "App/App.swift": "import Foundation\n",
            "X/X.swift": "import Foundation\n",
            "Y/Y.swift": "import Foundation\n",
        ]
        let unused = try RuleExampleHarness.run(RuleExample(files), ruleID: "unused-dependency").actual
        #expect(unused.map(\.message) == [
            "target 'App' declares a dependency on 'X' under condition Environment.isCI.getBoolean(default: false) but "
                + "none of its files imports it; remove it from the target's `dependencies:` in Project.swift",
            "target 'App' declares a dependency on 'Y' under condition !(Environment.isCI.getBoolean(default: false)) but "
                + "none of its files imports it; remove it from the target's `dependencies:` in Project.swift",
        ])
    }
}
