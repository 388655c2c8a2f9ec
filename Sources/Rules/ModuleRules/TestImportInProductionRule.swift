import ArchlintModel
import Configuration
import Graphs

/// A production module that imports a test-only module: a test framework, a test-support module, or a test target.
public struct TestImportInProductionRule: Rule, RuleInputsProvider {
    public init() {}

    public struct Options: RuleOptions {
        public var testModules: [GlobPattern] = [
            "XCTest", "Testing", "*TestSupport", "*TestUtilities", "*TestHelpers", "*TestKit", "*Testing",
            "*TestsFoundation", "*TestFoundation", "*Mocks",
        ]
        public init() {}
        public static let documentation = [
            "testModules": "Module-name globs of test-only modules (test targets are always test-only).",
        ]
    }

    public func check(_ context: LintContext) -> [Diagnostic] {
        let index = context.moduleIndex
        let testModules = GlobSet(patterns: context.options(for: Self.self).testModules.map(\.pattern))
        func isTestOnly(_ module: Module) -> Bool { module.type.isTest || testModules.matches(module.name) }
        var diagnostics: [Diagnostic] = []
        for edge in context.moduleGraph.edges where edge.kind == .import && !Self.isDebugOnly(edge, index) {
            guard let importer = index.node(edge.from), let imported = index.node(edge.to),
                  Self.isProduction(importer), !index.isDemoApp(importer.id), !index.isTestSupport(importer.id),
                  !isTestOnly(importer), isTestOnly(imported)
            else { continue }
            let why = imported.type.isTest ? "a test target" : "a test-only module"
            let message = "\(ModuleEdgeWording.describe(edge, index)), \(why); production code must not link test "
                + "code: move what it needs into a module both can import, or guard the import with #if DEBUG"
            diagnostics += ModuleEdgeWording.diagnostics(
                for: edge, rule: Self.description, context: context, index: index, message: message)
        }
        return diagnostics
    }

    /// Modules that ship: not tests, and not the stand-ins for code outside the scanned targets.
    private static func isProduction(_ module: Module) -> Bool {
        switch module.type {
        case .external, .unassigned: false
        default: !module.type.isTest
        }
    }

    /// An import compiled only in debug builds, or only where the imported module exists (`canImport`):
    /// `#if DEBUG`, `#if canImport(XCTest)`, or either joined with `&&` to other conditions.
    static func isDebugOnly(_ edge: ModuleEdge, _ index: ModuleGraphIndex) -> Bool {
        guard let condition = edge.condition else { return false }
        let imported = index.name(of: edge.to)
        return condition.components(separatedBy: "&&").contains { term in
            let term = term.filter { !$0.isWhitespace }
            return term == "DEBUG" || term == "canImport(\(imported))"
        }
    }

    public static let inputs = RuleInputs.moduleRule

    public static let description = RuleDescription(
        id: "test-import-in-production",
        name: "Test import in production",
        summary: "A production module imports a test framework, a test-support module or a test target.",
        rationale: """
            Test code that production code imports ships in the app: XCTest linked into an app fails App Store \
            review or crashes at launch on a device without it, and mocks or fixtures become reachable from \
            production paths. Move what production needs out of the test-support module into a module both can \
            import. Test targets, and modules that are test-only themselves (`testModules`: XCTest, Testing, \
            `*TestSupport`, `*TestUtilities`, `*TestHelpers`, `*TestKit`, `*Testing`, `*TestsFoundation`, `*TestFoundation`, `*Mocks` \
            by default), may import test modules. So may a library that only tests of other modules, demo apps and other \
            such libraries depend on or import, whatever its name (`XCTScheduleComponent`). Imports inside \
            `#if DEBUG` or `#if canImport(<the module>)` are exempt: they are the usual way to keep preview and \
            snapshot helpers out of release builds. So are a feature's demo apps (`HomeDemo`, `HomeExample`, \
            `HomeDemoApp` beside `Home`), which run the feature on its stand-ins and never ship.
            """,
        defaultSeverity: .warning,
        group: .module,
        triggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [("Networking", ["\"NetworkingMocks\""]), ("NetworkingMocks", [])],
                        testTargets: [("NetworkingTests", ["\"Networking\"", "\"NetworkingMocks\""])]),
                    "Sources/Networking/Client.swift": "import Foundation\n↓import XCTest\n↓import NetworkingMocks\n",
                    "Sources/NetworkingMocks/MockClient.swift": "import XCTest\n",
                    "Tests/NetworkingTests/ClientTests.swift": "import XCTest\nimport NetworkingMocks\n@testable import Networking\n",
                ],
                caption: "A production target imports XCTest and a mocks module"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [("Core", [])]),
                    "Sources/Core/Core.swift": "#if os(iOS)\n↓import Testing\n#endif\n",
                ],
                caption: "A condition other than DEBUG doesn't keep it out of release builds"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [("Networking", []), ("NetworkingTestSupport", ["\"Networking\""])],
                        testTargets: [("NetworkingTests", ["\"Networking\"", "\"NetworkingTestSupport\""])]),
                    "Sources/Networking/Client.swift": "import Foundation\n",
                    "Sources/NetworkingTestSupport/Stubs.swift": "import XCTest\nimport Networking\n",
                    "Tests/NetworkingTests/ClientTests.swift": "import XCTest\nimport NetworkingTestSupport\n",
                ],
                caption: "Test targets and test-support modules may import test modules"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [("Schedule", []), ("XCTSchedule", ["\"Schedule\""])],
                        testTargets: [("ScheduleTests", ["\"Schedule\"", "\"XCTSchedule\""])]),
                    "Sources/Schedule/Schedule.swift": "import Foundation\n",
                    "Sources/XCTSchedule/StubSchedule.swift": "import XCTest\nimport Schedule\n",
                    "Tests/ScheduleTests/ScheduleTests.swift": "import XCTest\nimport XCTSchedule\n",
                ],
                caption: "A library only other modules' tests depend on is test support, whatever its name"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [("DesignSystem", [])]),
                    "Sources/DesignSystem/Previews.swift": """
                        #if DEBUG
                        import XCTest
                        #endif
                        #if canImport(Testing)
                        import Testing
                        #endif
                        """,
                ],
                caption: "Imports under #if DEBUG or #if canImport(…) stay out of release builds"),
            RuleExample(
                [
                    "project.yml": ModuleRuleExamples.xcodegenSpec(targets: [
                        (name: "Home", type: "framework", sources: "Home/Sources", dependencies: []),
                        (name: "HomeTesting", type: "framework", sources: "Home/Testing", dependencies: ["target: Home"]),
                        (name: "HomeDemo", type: "application", sources: "Home/Demo",
                         dependencies: ["target: Home", "target: HomeTesting"]),
                    ]),
                    "Home/Sources/Home.swift": "import Foundation\n",
                    "Home/Testing/StubHome.swift": "import Home\n",
                    "Home/Demo/DemoApp.swift": "import SwiftUI\nimport Home\nimport HomeTesting\n",
                ],
                caption: "A feature's demo app runs it on stand-ins from its Testing module and never ships"),
        ]
    )
}
