import ArchlintTestSupport
import Foundation
import Testing

/// `archlint new component` as a user runs it: exit codes, stderr, and what lands on disk.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct NewComponentCommandTests {
    func copyOfScaffoldApp() throws -> URL {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-new-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: FixturePaths.fixtures.appendingPathComponent("scaffold-app"), to: destination)
        try FileManager.default.removeItem(at: destination.appendingPathComponent("expected"))
        return destination
    }

    func files(_ root: URL) -> [String] {
        (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func writesTheComponentAndPatchesTheParent() throws {
        let root = try copyOfScaffoldApp()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ProcessResult.archlint(
            ["new", "component", "Settings", root.path, "--parent", "ProfileComponent", "--no-cache"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == """
            archlint: patched Sources/Profile/ProfileComponent.swift
            archlint: wrote Sources/Profile/Settings/SettingsComponent.swift

            """)
        let parent = try String(contentsOf: root.appendingPathComponent("Sources/Profile/ProfileComponent.swift"), encoding: .utf8)
        #expect(parent.contains("    public var settingsComponent: SettingsComponent { SettingsComponent(parent: self) }\n}")
            || parent.contains("    var settingsComponent: SettingsComponent { SettingsComponent(parent: self) }\n}"))
        let lint = try ProcessResult.archlint(["lint", root.path, "--no-cache"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }

    /// In a target whose default isolation is MainActor the component is `nonisolated` (needle-isolation), and
    /// it, the patched parent and the regenerated NeedleGenerated.swift compile under the target's settings.
    @Test func componentInADefaultMainActorTargetIsNonisolatedAndCompiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-new-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: FixturePaths.fixtures.appendingPathComponent("needle-swift6-default-main-actor"), to: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ProcessResult.archlint(
            ["new", "component", "Archive", root.path, "--parent", "EditorComponent", "--no-cache"])
        #expect(result.status == 0, "\(result.stderr)")
        let sources = root.appendingPathComponent("Sources/App")
        let written = try String(contentsOf: sources.appendingPathComponent("Archive/ArchiveComponent.swift"), encoding: .utf8)
        #expect(written.contains("\nnonisolated final class ArchiveComponent: Component<ArchiveDependency> {}"), "\(written)")
        let lint = try ProcessResult.archlint(["lint", root.path, "--no-cache"])
        #expect(!lint.stdout.contains("needle-isolation"), "\(lint.stdout)")
        let generate = try ProcessResult.archlint(
            ["generate", "needle", root.path, "--output", sources.appendingPathComponent("NeedleGenerated.swift").path, "--no-cache"])
        #expect(generate.status == 0, "\(generate.stderr)")

        let module = root.appendingPathComponent("NeedleFoundationModule")
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        let standIn = FixturePaths.packageRoot.appendingPathComponent("Tests/NeedleCodegenTests/Resources/NeedleFoundationStandIn.swift")
        let emit = try ProcessResult.run("/usr/bin/env", [
            "swiftc", "-parse-as-library", "-emit-module", "-module-name", "NeedleFoundation", "-swift-version", "5",
            "-emit-module-path", module.appendingPathComponent("NeedleFoundation.swiftmodule").path, standIn.path,
        ])
        try #require(emit.status == 0, "\(emit.stderr)")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.map { sources.appendingPathComponent($0).path }
        let typecheck = try ProcessResult.run("/usr/bin/env", [
            "swiftc", "-typecheck", "-swift-version", "6", "-strict-concurrency=complete", "-default-isolation", "MainActor",
            "-I", module.path,
        ] + files)
        #expect(typecheck.status == 0, "\(typecheck.stdout)\(typecheck.stderr)")
    }

    @Test func dryRunPrintsFilesAndPatchAndWritesNothing() throws {
        let root = try copyOfScaffoldApp()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = files(root)
        let result = try ProcessResult.archlint(
            ["new", "component", "Settings", root.path, "--parent", "ProfileComponent", "--ribs", "--dry-run", "--no-cache"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("new file Sources/Profile/Settings/SettingsComponent.swift:\nimport NeedleFoundation\n"))
        #expect(result.stdout.contains("--- a/Sources/Profile/ProfileComponent.swift\n+++ b/Sources/Profile/ProfileComponent.swift\n@@ "))
        #expect(result.stdout.contains("+extension ProfileComponent: SettingsDependency {}\n"))
        #expect(files(root) == before)
    }

    @Test(arguments: [
        (["new", "component", "class", "--parent", "ProfileComponent"], "archlint: NAME: 'class' is a Swift keyword."),
        (["new", "component", "Settings", "--parent", "ProfilComponent"], "Did you mean 'ProfileComponent'?"),
        (["new", "component", "Settings", "--parent", "ProfileComponent", "--ribs", "--swiftui"], "choose one"),
    ])
    func badInputExitsTwoAndWritesNothing(arguments: [String], expected: String) throws {
        let root = try copyOfScaffoldApp()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = files(root)
        let result = try ProcessResult.archlint(arguments + [root.path, "--no-cache"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(files(root) == before)
    }

    /// A repository's own template that would crash or hang Stencil (issue 37, F02 and F04) is a template error:
    /// exit 2 within seconds, nothing written.
    @Test(arguments: [
        (#"{% include "component" %}"#, "includes and extends nest deeper than 16 templates"),
        ("{% for i in 1...2000000000 %}{{ i }}{% endfor %}", "loops run more than 20000 times in all"),
    ])
    func hostileTemplateExitsTwoAndWritesNothing(template: String, reason: String) throws {
        let root = try copyOfScaffoldApp()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent(".archlint/templates")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(template.utf8).write(to: folder.appendingPathComponent("component.stencil"))
        let contents = { files(root).map { (path: $0, data: FileManager.default.contents(atPath: root.path + "/" + $0)) } }
        let before = contents()
        let result = try ProcessResult.archlint(
            ["new", "component", "Settings", root.path, "--parent", "ProfileComponent", "--no-cache"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("archlint: .archlint/templates/component.stencil doesn't render: \(reason)"),
                "\(result.stderr)")
        #expect(contents().map(\.path) == before.map(\.path))
        #expect(contents().map(\.data) == before.map(\.data), "something was written")
    }
}
