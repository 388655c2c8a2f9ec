import ArchlintKit
import ArchlintModel
import ArchlintTestSupport
import Foundation
import Reporting
import SwiftFacts
import Testing

/// Suppression comments in Package.swift, Tuist manifests and XcodeGen specs work like those in sources.
@Suite struct ManifestSuppressionTests {
    /// What `archlint lint` prints for a root, without a baseline: suppressions applied, then findings grouped.
    static func lintText(_ root: String) throws -> String {
        let analysis = try Analyzer.analyze(root: root, options: AnalyzerOptions(scan: .init(useCache: false)))
        let result = LintFindings(analysis: analysis)
        let filtered = DiagnosticFilter.apply(
            result.diagnostics, index: result.suppressionIndex,
            suppressions: SuppressionFilter(policy: analysis.policy))
        var options = ReportOptions()
        options.filter = filtered.summary
        return TextReporter().generate(result.report(diagnostics: filtered.reported), options: options)
    }

    @Test func theManifestSuppressionsFixturePrintsItsExpectedReport() throws {
        let root = FixturePaths.fixtures.appendingPathComponent("manifest-suppressions")
        let text = try Self.lintText(root.path).replacingOccurrences(of: root.path + "/", with: "")
        try FixtureGoldenTests.compare(text, fixture: "manifest-suppressions", file: "reported.txt")
    }

    @Test func aCrossFeatureDependencyDeclaredInPackageSwiftIsSuppressedInPlace() throws {
        let root = FixturePaths.fixtures.appendingPathComponent("manifest-suppressions").path
        let text = try Self.lintText(root)
        #expect(!text.contains("declares a dependency on 'ProfileFeature'"))
        #expect(text.contains("AppFeatures/Package.swift:17:78: warning: `archlint:disable:this cross-feature-import` silences nothing on its own line: remove the comment. [unused-suppression]"))
        #expect(text.contains("AppFeatures/Package.swift:18:9: warning: unknown archlint directive `disable:nxt`"))
        #expect(text.contains("[cross-feature-import]\n    \(root)/AppFeatures/Sources/HomeFeature/HomeView.swift:2:1: note: also imported here\n"))
    }

    @Test func yamlHashCommentsAreSuppressions() {
        let yaml = """
            targets:
              App: # archlint:disable:next unused-dependency - kept for the widget
                dependencies:
                  - target: Core
                  - sdk: "Contacts # archlint:disable:next all"
              # archlint:disable:nxt unused-dependency
            """
        let found = HashCommentSuppressions.scan(yaml)
        #expect(found.suppressions == [
            SuppressionComment(kind: .next, rules: ["unused-dependency"], reason: "kept for the widget", line: 2, column: 8),
        ])
        #expect(found.problems.map { "\($0.line):\($0.column)" } == ["6:3"])
    }

    static func write(_ files: [String: String], to directory: URL) throws {
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test func aTuistDependencyIsSuppressedInProjectSwiftAndAnUnusedCommentReported() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-tuist-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.write([
            "Tuist.swift": "import ProjectDescription\n\nlet tuist = Tuist(project: .tuist())\n",
            "Project.swift": """
                import ProjectDescription

                let project = Project(
                    name: "Notes",
                    targets: [
                        .target(
                            name: "Notes",
                            destinations: .iOS,
                            product: .app,
                            bundleId: "dev.example.notes",
                            sources: ["Notes/Sources/**"],
                            dependencies: [
                                // archlint:disable:next unused-dependency - linked for its asset catalog
                                .target(name: "NotesKit"),
                                .target(name: "NotesUI"), // archlint:disable:this layer-violation
                            ]
                        ),
                        .target(name: "NotesKit", destinations: .iOS, product: .framework, bundleId: "dev.example.kit", sources: ["NotesKit/Sources/**"]),
                        .target(name: "NotesUI", destinations: .iOS, product: .framework, bundleId: "dev.example.ui", sources: ["NotesUI/Sources/**"]),
                    ]
                )

                """,
            "Notes/Sources/App.swift": "import SwiftUI\nimport NotesUI\n",
            "NotesKit/Sources/Kit.swift": "import Foundation\n",
            "NotesUI/Sources/UI.swift": "import SwiftUI\n",
        ], to: directory)
        let text = try Self.lintText(directory.path)
        #expect(!text.contains("[unused-dependency]"), "\(text)")
        #expect(text.contains("Project.swift:15:43: warning: `archlint:disable:this layer-violation` silences nothing on its own line: remove the comment. [unused-suppression]"), "\(text)")
    }

    @Test func anXcodeGenDependencyIsSuppressedByAHashComment() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-yml-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            "project.yml": """
                name: App
                targets:
                  App:
                    type: application
                    platform: iOS
                    sources: [App]
                    dependencies:
                      # archlint:disable:next unused-dependency - linked for its resources
                      - target: Core
                      - target: Extras # archlint:disable:this unused-dependency
                  Core:
                    type: framework
                    platform: iOS
                    sources: [Core]
                  Extras:
                    type: framework
                    platform: iOS
                    sources: [Extras]

                """,
            "App/App.swift": "import UIKit\n",
            "Core/Core.swift": "import Foundation\n",
            "Extras/Extras.swift": "import Foundation\n",
        ]
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let text = try Self.lintText(directory.path)
        #expect(!text.contains("[unused-dependency]"), "\(text)")
        #expect(!text.contains("[unused-suppression]"), "\(text)")
    }
}
