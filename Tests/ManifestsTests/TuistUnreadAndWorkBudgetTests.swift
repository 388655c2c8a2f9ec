import ArchlintModel
import Foundation
@testable import Manifests
import Testing

/// What the Tuist reader can't evaluate is said at its construct and carried to the target (or project) it may
/// hide something of; values that grow (issue 37, F23–F25) are charged for their size and stop at their budget,
/// and the rest of the repository is still read.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct TuistUnreadAndWorkBudgetTests {
    /// A second project every case must still read in full.
    static let bystander = """
        let project = Project(name: "Other", targets: [.target(name: "Other", product: .framework)])
        """

    static func read(_ hostile: String) -> [ProjectFacts] {
        TuistRepository(files: ["Tuist/Config.swift": "", "A/Project.swift": hostile, "B/Project.swift": bystander]).read()
    }

    // F23: a string grown with `joined()`, about 500 bytes of manifest.
    @Test func stringsGrownWithJoinedStopAtTheStringBudget() {
        let facts = Self.read("""
            var name = "ab"
            for _ in 0..<40 {
                name = [name, name, name, name].joined()
            }
            let project = Project(name: "A", targets: [
                .target(name: name, product: .app),
                .target(name: "Kept", product: .framework),
            ])
            """)
        // The string stops at its budget, where it grows: one issue, there (the target it names is unread, and not
        // reported twice); the other target and project are read.
        #expect(facts[0].targets.map(\.name) == ["Kept"])
        #expect(facts[0].issues.map { "\($0.file):\($0.line):\($0.column)" } == ["A/Project.swift:3:12"])
        #expect(facts[0].issues.first?.message.contains("a string grows past 16384 bytes") == true)
        #expect(!facts[0].unreadTargets.isEmpty)
        #expect(facts[1].targets.map(\.name) == ["Other"])
    }

    // F24: a string grown with `replacingOccurrences`.
    @Test func stringsGrownWithReplacingOccurrencesStopBeforeTheyAreMade() throws {
        let facts = Self.read("""
            import Foundation
            var name = "x"
            for _ in 0..<60 {
                name = name.replacingOccurrences(of: "x", with: "xxxx")
            }
            let project = Project(name: "A", targets: [
                .target(name: "App", product: .app, dependencies: [.external(name: name)]),
                .target(name: "Kept", product: .framework),
            ])
            """)
        try #require(facts[0].targets.map(\.name) == ["App", "Kept"], "\(facts[0].described)")
        #expect(facts[0].issues.map { "\($0.file):\($0.line):\($0.column)" } == ["A/Project.swift:4:12"])
        #expect(facts[0].issues.first?.message.contains("a string grows past 16384 bytes") == true)
        #expect(facts[0].targets[0].unreadDependencies == facts[0].issues)
        #expect(facts[0].targets[1].unreadDependencies == [])
        #expect(facts[1].targets.map(\.name) == ["Other"])
    }

    // F25: `union` inside a loop: each union is charged per element it compares.
    @Test func unionInsideALoopStopsOnTheStepBudget() {
        let facts = Self.read("""
            var names: [String] = []
            for i in 0..<10000 {
                names = names.union(["m\\(i)", "n\\(i)"])
            }
            let project = Project(name: "A", targets: [.target(name: "App", product: .app)])
            """)
        #expect(facts[0].targets.isEmpty)
        #expect(facts[0].issues.map { "\($0.file):\($0.line):\($0.column)" } == ["A/Project.swift:3:13"])
        #expect(facts[0].issues.first?.message.contains("more than 500000 evaluation steps") == true)
        #expect(facts[0].unreadTargets == facts[0].issues)
        #expect(facts[1].targets.map(\.name) == ["Other"])
    }

    @Test func aDependencyListArchlintCantReadIsMarkedOnItsTargetOnly() throws {
        let repository = TuistRepository(files: [
            "Tuist/ProjectDescriptionHelpers/Modules.swift": """
            public enum Module: String, CaseIterable {
                case core = "Core", ui = "UI", tools = "Tools"
                public var isShipped: Bool { self != .tools }
                public var isRemote: Bool { ProcessInfo.processInfo.environment["REMOTE"] == rawValue }
                public var dependency: TargetDependency { .target(name: rawValue) }
            }
            """,
            "Project.swift": """
            import Foundation
            let project = Project(name: "P", targets: [
                .target(name: "Shipped", product: .app,
                        dependencies: Module.allCases.filter(\\.isShipped).map(\\.dependency)),
                .target(name: "Remote", product: .app,
                        dependencies: Module.allCases.filter(\\.isRemote).map(\\.dependency)),
                .target(name: "Loaded", product: .app,
                        dependencies: [.target(name: "Core")] + loadMore()),
            ])
            """,
        ])
        let facts = repository.read()[0]
        try #require(facts.targets.map(\.name) == ["Shipped", "Remote", "Loaded"], "\(facts.described)")
        // The filter is applied, not dropped.
        #expect(facts.targets[0].dependencies.map(\.name) == ["Core", "UI"])
        #expect(facts.targets[0].unreadDependencies == [])
        // A build-time read: every element, each under its condition, nothing unread.
        #expect(facts.targets[1].dependencies.map(\.name) == ["Core", "UI", "Tools"])
        #expect(facts.targets[1].dependencies.allSatisfy { $0.condition != nil })
        #expect(facts.targets[1].unreadDependencies == [])
        // A helper that isn't there: what is known stays, the list is marked partial at the call.
        #expect(facts.targets[2].dependencies.map(\.name) == ["Core"])
        #expect(facts.targets[2].unreadDependencies.map { "\($0.line):\($0.column)" } == ["8:53"])
        #expect(facts.issues == facts.targets[2].unreadDependencies)
        #expect(facts.unreadTargets == [])
    }

    @Test func targetsBehindWhatArchlintCantEvaluateAreUnreadTargets() {
        let repository = TuistRepository(files: [
            "Tuist/Config.swift": "",
            "Project.swift": """
            let extra = makeTargets()
            let project = Project(name: "P", targets: [.target(name: "App", product: .app)] + extra)
            """,
        ])
        let facts = repository.read()[0]
        #expect(facts.targets.map(\.name) == ["App"])
        #expect(facts.unreadTargets.map { "\($0.line):\($0.column)" } == ["1:13"])
        #expect(facts.unreadTargets == facts.issues)
    }

    /// Gifty_iOS_V2 calls `Project.makeModule(…)`, which no helper declares: said at the call, naming it, and the
    /// project's targets are unread.
    @Test func aProjectMadeByAHelperNoFileDeclaresIsSaidAtTheCall() throws {
        let repository = TuistRepository(files: [
            "Tuist/Config.swift": "",
            "Core/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.makeModule(name: "Core", product: .staticFramework)
            """,
        ])
        let facts = try #require(repository.read().first)
        #expect(facts.targets.isEmpty)
        #expect(facts.issues.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "Core/Project.swift:4:15: `Project.makeModule(…)` is no ProjectDescription initializer, and no helper archlint "
                + "read declares it (Tuist/ProjectDescriptionHelpers, a local plugin's ProjectDescriptionHelpers), so this "
                + "manifest declares no targets archlint can read; declare the helper there, or declare its modules in "
                + "`modules:` in .archlint.yml",
        ])
        #expect(facts.unreadTargets == facts.issues)
    }

    /// Gifty_iOS_V2's DesignSystem manifest starts `\\import`: one syntax error, said once, not again as every
    /// expression the parser couldn't read.
    @Test func codeTheParserCouldntReadIsItsSyntaxErrorOnly() throws {
        let repository = TuistRepository(files: [
            "Tuist/Config.swift": "",
            "Kit/Project.swift": """
            \\\\import ProjectDescription
            let project = Project(name: "Kit", targets: [.target(name: "Kit", product: .framework)])
            """,
        ])
        let facts = try #require(repository.read().first)
        #expect(facts.issues.map { "\($0.line):\($0.column): \($0.message)" } == [
            "1:2: Project.swift has a syntax error here; archlint read what it could, and declarations after it may be "
                + "missing from the module graph. Fix the file (`tuist generate` reports the same error)",
        ])
    }

    /// YAPP-Github/28th-App-Team-1-iOS picked `product:` with an `if case` archlint didn't evaluate then. Its targets
    /// were kept without a product type, taken for aggregates, and their files left out with nothing in the summary;
    /// now each is an unread target of its project (here a method archlint doesn't evaluate picks it).
    @Test func aTargetWhoseProductIsUnreadIsAnUnreadTarget() throws {
        let repository = TuistRepository(files: [
            "Tuist/Config.swift": "",
            "Tuist/ProjectDescriptionHelpers/Env.swift": """
            import ProjectDescription
            public enum Env {
                public static var productType: Product {
                    [Product.staticLibrary, .framework].randomElement()!
                }
            }
            """,
            "Kit/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "Kit", targets: [.target(name: "Kit", product: Env.productType)])
            """,
        ])
        let facts = try #require(repository.read().first { $0.path == "Kit/Project.swift" })
        #expect(facts.targets.isEmpty)
        #expect(!facts.unreadTargets.isEmpty)
        #expect(facts.unreadTargets.allSatisfy { $0.file == "Tuist/ProjectDescriptionHelpers/Env.swift" })
    }

    /// woin2ee/MyAlarm and designtuist make their targets with a remote plugin's helpers (`.git(url:)` in
    /// Config.swift), which the checkout doesn't hold: the unread manifest says so at the import, and a local
    /// plugin's import (`DependencyPlugin`) is no such case.
    @Test func aPartlyUnreadManifestSaysWhichImportIsARemotePlugin() throws {
        let repository = TuistRepository(files: [
            "Tuist/Config.swift": "",
            "Plugins/DependencyPlugin/Plugin.swift": "import ProjectDescription\nlet plugin = Plugin(name: \"DependencyPlugin\")\n",
            "Plugins/DependencyPlugin/ProjectDescriptionHelpers/Names.swift": "public let kitName = \"Kit\"\n",
            "App/Project.swift": """
            import DependencyPlugin
            import MicroFeaturePlugin
            import ProjectDescription
            let project = Project(name: "App", targets: appFeature.resolveModules())
            """,
            "Kit/Project.swift": """
            import DependencyPlugin
            import ProjectDescription
            let project = Project(name: kitName, targets: [.target(name: kitName, product: .framework)])
            """,
        ])
        let facts = repository.read()
        let app = try #require(facts.first { $0.path == "App/Project.swift" })
        #expect(app.issues.filter { $0.line == 2 }.map(\.message) == [
            "`import MicroFeaturePlugin` names no local plugin archlint found (a remote plugin, which `tuist install` "
                + "fetches, isn't in the checkout): the helpers it declares are unknown, so what this manifest makes "
                + "with them is unread; declare its modules in `modules:` in .archlint.yml",
        ])
        #expect(!app.unreadTargets.isEmpty)
        let kit = try #require(facts.first { $0.path == "Kit/Project.swift" })
        #expect(kit.issues.isEmpty)
        #expect(kit.targets.map(\.name) == ["Kit"])
    }

    /// A target whose `sources:` archlint can't read compiles files nobody knows: it is an unread target of its
    /// project, counted in the summary, as one whose product is unread (PIDA_iOS' sources were an `is` test then,
    /// and 210 files went to no module with nothing said but the `is` test).
    @Test func aTargetWhoseSourcesAreUnreadIsAnUnreadTarget() throws {
        let repository = TuistRepository(files: [
            "Tuist/Config.swift": "",
            "Tuist/ProjectDescriptionHelpers/Env.swift": """
            import ProjectDescription
            public enum Env {
                public static var folder: String { ["Sources", "Source"].randomElement()! }
            }
            """,
            "Kit/Project.swift": """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "Kit", targets: [
                .target(name: "Kit", product: .framework, sources: ["\\(Env.folder)/**"]),
                .target(name: "KitTests", product: .unitTests, sources: ["Tests/**"]),
            ])
            """,
            "Kit/Sources/Kit.swift": "",
            "Kit/Tests/KitTests.swift": "",
        ])
        let facts = try #require(repository.read().first { $0.path == "Kit/Project.swift" })
        #expect(facts.targets.map(\.name) == ["KitTests"])
        #expect(!facts.unreadTargets.isEmpty)
        #expect(facts.unreadTargets.allSatisfy { $0.file == "Tuist/ProjectDescriptionHelpers/Env.swift" })
    }
}
