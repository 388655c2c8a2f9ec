import ArchlintKit
import ArchlintModel
import Foundation
import Graphs
import Reporting
import Testing

/// What archlint could not read is never turned into a finding: the findings that rest on a partly unread
/// dependency list are withheld and counted, and a Needle world whose closure is partly unread widens.
@Suite struct WithheldFindingsTests {
    static func analyze(_ fixture: String) throws -> ArchitectureAnalysis {
        try FixtureGoldenTests.analyze(fixture)
    }

    /// The analysis of a repository of `files` (path → text) written to a temporary folder, uncached.
    static func analyze(files: [String: String]) throws -> ArchitectureAnalysis {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-withheld-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return try Analyzer.analyze(root: root.path, options: AnalyzerOptions(scan: .init(useCache: false)))
    }

    @Test func theAppsUndeclaredImportIsWithheldAndCounted() throws {
        let analysis = try Self.analyze("tuist-unread-dependencies")
        #expect(analysis.withheld == WithheldFindings(
            partialTargets: ["App/App"], findingsByRule: ["undeclared-import": 1], widenedNeedleWorlds: ["App/App"]))
        // The complete target keeps its findings; the partial one has none that rest on its list.
        let dependencyFindings = analysis.diagnostics.filter { ["undeclared-import", "unused-dependency"].contains($0.rule) }
        #expect(dependencyFindings.map(\.subject[0]) == ["Feature/Feature", "Feature/Feature"])
        #expect(analysis.withheld.summaryLine == "1 target's dependencies are partly unread (see manifest-unresolved): "
            + "1 finding that rests on them withheld (undeclared-import 1); 1 app's Needle world widened to every "
            + "library module (their module closure is partly unread).")
    }

    /// Pepsi-Club/WhereMyBus-iOS: the app declares MainFeature, part of whose list archlint couldn't read, and imports
    /// a feature MainFeature may bring. The app doesn't declare what it imports (that stands), but that nothing
    /// brings it is not claimed.
    @Test func anImportNotFoundThroughAPartlyUnreadListIsNotCalledUnreachable() throws {
        func project(_ name: String, _ product: String, _ dependencies: String) -> String {
            let target = ".target(name: \"\(name)\", destinations: .iOS, product: .\(product), bundleId: \"b\", "
                + "sources: [\"Sources/**\"], dependencies: [\(dependencies)])"
            return "import ProjectDescription\nlet project = Project(name: \"\(name)\", targets: [\(target)])\n"
        }
        let files: [String: String] = [
            "Tuist/Config.swift": "",
            "App/Project.swift": project("App", "app", ".project(target: \"Main\", path: \"../Main\")"),
            "App/Sources/App.swift": "import Home\n",
            "Main/Project.swift": project("Main", "framework", ".fromPlugin(\"Home\")"),
            "Main/Sources/Main.swift": "",
            "Home/Project.swift": project("Home", "framework", ""),
            "Home/Sources/Home.swift": "",
        ]
        let analysis = try Self.analyze(files: files)
        let expected = "'App' imports 'Home', which its target doesn't declare directly; it may be reachable through "
            + "'Main', whose dependencies archlint couldn't read all of (see manifest-unresolved); add target 'Home' of "
            + "Home/Project.swift to the `dependencies:` of target 'App' in App/Project.swift"
        #expect(analysis.diagnostics.filter { $0.rule == "undeclared-import" }.map(\.message) == [expected])
        // No component anywhere: no Needle world to widen, and the summary doesn't say one was.
        #expect(analysis.withheld.widenedNeedleWorlds == [])
        #expect(analysis.withheld.partialTargets == ["Main/Main"])
    }

    /// A target whose `product:` archlint can't read is an unread target of its project, counted in the summary; a
    /// dependency on it points at nothing, so no finding says it is unused or unresolved.
    @Test func aTargetWithAnUnreadProductIsCountedAndNotReportedAgainst() throws {
        let files: [String: String] = [
            "Tuist/Config.swift": "",
            "Tuist/ProjectDescriptionHelpers/Env.swift": "import ProjectDescription\npublic enum Env {\n"
                + "    public static var product: Product { [Product.staticLibrary, .framework].randomElement()! }\n}\n",
            "Kit/Project.swift": "import ProjectDescription\nimport ProjectDescriptionHelpers\n"
                + "let project = Project(name: \"Kit\", targets: [.target(name: \"Kit\", destinations: .iOS, "
                + "product: Env.product, bundleId: \"k\", sources: [\"Sources/**\"])])\n",
            "Kit/Sources/Kit.swift": "public struct Kit {}\n",
            "App/Project.swift": "import ProjectDescription\nlet project = Project(name: \"App\", targets: [.target("
                + "name: \"App\", destinations: .iOS, product: .app, bundleId: \"a\", sources: [\"Sources/**\"], "
                + "dependencies: [.project(target: \"Kit\", path: \"../Kit\")])])\n",
            "App/Sources/App.swift": "import SwiftUI\n",
        ]
        let analysis = try Self.analyze(files: files)
        #expect(analysis.withheld.unreadProjects == ["Kit/Project.swift"])
        #expect(analysis.diagnostics.filter { $0.rule == "unused-dependency" }.isEmpty)
        #expect(analysis.diagnostics.filter { $0.rule == "manifest-unresolved" }.map(\.location.file)
            == ["Tuist/ProjectDescriptionHelpers/Env.swift"])
    }

    @Test func theSummariesSayWhatWasWithheld() throws {
        let report = try Self.analyze("tuist-unread-dependencies").report()
        let text = TextReporter().generate(report, options: ReportOptions())
        #expect(text.contains("\n1 target's dependencies are partly unread (see manifest-unresolved): 1 finding"))
        let json = JSONReporter().generate(report, options: ReportOptions())
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        let withheld = try #require(summary["withheld"] as? [String: Any])
        #expect(withheld["findings"] as? Int == 1)
        #expect(withheld["partialTargets"] as? [String] == ["App/App"])
        #expect(withheld["rules"] as? [String: Int] == ["undeclared-import": 1])
        #expect(withheld["widenedNeedleWorlds"] as? [String] == ["App/App"])
    }

    @Test func aCompleteWorkspaceWithholdsNothingAndPrintsNoLine() throws {
        let analysis = try Self.analyze("needle-import-worlds")
        #expect(analysis.withheld == WithheldFindings())
        #expect(analysis.withheld.summaryLine == nil)
        #expect(!TextReporter().generate(analysis.report(), options: ReportOptions()).contains("partly unread"))
    }

    /// The app doesn't declare the feature it imports: its world is found through the import, the demo app is
    /// a world of its own.
    @Test func anAppsWorldFollowsItsImports() throws {
        let analysis = try Self.analyze("needle-import-worlds")
        let worlds = NeedleScopes.worlds(analysis.workspace, moduleGraph: analysis.moduleGraph)
        #expect(worlds.map(\.app) == ["Shop/FeatureDemo", "Shop/Shop"])
        #expect(worlds.map { $0.modules.sorted() } == [
            ["Shop/Feature", "Shop/FeatureDemo", "Shop/Network"], ["Shop/Feature", "Shop/Network", "Shop/Shop"],
        ])
        #expect(worlds.allSatisfy { !$0.isWidened })
    }

    /// A report written before `withheld` existed still reads.
    @Test func aSummaryWithoutWithheldDecodes() throws {
        let json = #"{"files": 1, "modules": 1, "components": 0, "errors": 0, "warnings": 0, "notes": 0}"#
        let summary = try JSONDecoder().decode(LintReport.Summary.self, from: Data(json.utf8))
        #expect(summary.withheld == WithheldFindings())
    }
}

/// A project whose targets archlint can't read is said in the summaries, not passed over.
@Suite struct UnreadProjectsTests {
    @Test func aProjectWhoseTargetIsUnreadIsCounted() throws {
        let analysis = try FixtureGoldenTests.analyze("tuist-helper-idioms")
        #expect(analysis.withheld.unreadProjects == ["Projects/Core/Slow/Project.swift"])
        #expect(analysis.withheld.summaryLine == "1 project's targets are partly unread (see manifest-unresolved): the "
            + "files their unread targets compile belong to no module and are not checked.")
        let json = JSONReporter().generate(analysis.report(), options: ReportOptions())
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let withheld = try #require((document["summary"] as? [String: Any])?["withheld"] as? [String: Any])
        #expect(withheld["unreadProjects"] as? [String] == ["Projects/Core/Slow/Project.swift"])
    }

    /// A report written before `unreadProjects` existed still reads.
    @Test func withheldWithoutUnreadProjectsDecodes() throws {
        let json = #"{"partialTargets": ["App/App"], "rules": [], "widenedNeedleWorlds": []}"#
        let withheld = try JSONDecoder().decode(WithheldFindings.self, from: Data(json.utf8))
        #expect(withheld == WithheldFindings(partialTargets: ["App/App"]))
    }
}
