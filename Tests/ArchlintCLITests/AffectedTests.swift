import ArchlintKit
import ArchlintModel
import ArchlintTestSupport
import Foundation
import Graphs
import Testing

/// `archlint affected --since REV` over a temporary git repository with a base and a head commit.
@Suite struct AffectedTests {
    /// Models ← Core ← HomeFeature ← App → Settings; tests: ModelsTests → Models, CoreTests → Core,
    /// SettingsTests → Settings.
    static func makeRepository() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-affected-\(UUID().uuidString)")
        let files = [
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Shop",
                    targets: [
                        .executableTarget(name: "App", dependencies: ["HomeFeature", "Settings"]),
                        .target(name: "HomeFeature", dependencies: ["Core"]),
                        .target(name: "Core", dependencies: ["Models"]),
                        .target(name: "Models"),
                        .target(name: "Settings"),
                        .testTarget(name: "ModelsTests", dependencies: ["Models"]),
                        .testTarget(name: "CoreTests", dependencies: ["Core"]),
                        .testTarget(name: "SettingsTests", dependencies: ["Settings"]),
                    ]
                )

                """,
            "Sources/App/main.swift": "import HomeFeature\nimport Settings\n",
            "Sources/HomeFeature/Home.swift": "import Core\n",
            "Sources/Core/Store.swift": "import Models\n",
            "Sources/Models/Item.swift": "public struct Item {}\n",
            "Sources/Settings/Settings.swift": "public struct Settings {}\n",
            "Tests/ModelsTests/ItemTests.swift": "@testable import Models\n",
            "Tests/CoreTests/StoreTests.swift": "@testable import Core\n",
            "Tests/SettingsTests/SettingsTests.swift": "@testable import Settings\n",
            "README.md": "Shop\n",
        ]
        for (path, content) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: url, atomically: true, encoding: .utf8)
        }
        try git(["init", "-q", "-b", "main"], in: root)
        try git(["add", "-A"], in: root)
        try git(["commit", "-q", "-m", "base"], in: root)
        try git(["tag", "base"], in: root)
        // The head: a change in the leaf module Models.
        try "public struct Item { public var name = \"\" }\n"
            .write(to: root.appendingPathComponent("Sources/Models/Item.swift"), atomically: true, encoding: .utf8)
        try git(["commit", "-q", "-am", "head"], in: root)
        return root
    }

    @discardableResult
    static func git(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=archlint", "-c", "user.email=archlint@example.com"] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
        return String(decoding: data, as: UTF8.self)
    }

    static func affected(_ root: URL, since: String = "base") throws -> [String: Any] {
        let result = try ProcessResult.archlint(["affected", root.path, "--since", since, "--format", "json", "--no-cache"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func modules(_ json: [String: Any], reason: String) -> [String] {
        ((json["modules"] as? [[String: Any]]) ?? []).filter { $0["reason"] as? String == reason }.compactMap { $0["name"] as? String }
    }

    @Test func aChangedLeafAffectsItsDependentsAndTheirTests() throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let json = try Self.affected(root)
        #expect(json["kind"] as? String == "affected")
        #expect(json["since"] as? String == "base")
        #expect(json["changedFiles"] as? [String] == ["Sources/Models/Item.swift"])
        #expect(json["unmatchedFiles"] as? [String] == [])
        #expect(Self.modules(json, reason: "changed") == ["Models"])
        #expect(Self.modules(json, reason: "dependent") == ["App", "Core", "CoreTests", "HomeFeature", "ModelsTests"])
        #expect(json["tests"] as? [String] == ["CoreTests", "ModelsTests"])
        let models = try #require((json["modules"] as? [[String: Any]])?.first { $0["name"] as? String == "Models" })
        #expect(models["changedFiles"] as? [String] == ["Sources/Models/Item.swift"])
        #expect(models["test"] as? Bool == false)
        let home = try #require((json["modules"] as? [[String: Any]])?.first { $0["name"] as? String == "HomeFeature" })
        #expect(home["dependsOn"] as? [String] == ["Shop/Core"])
    }

    @Test func uncommittedUntrackedAndUnmatchedChangesCount() throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        // Untracked, in Settings; unstaged, at the root (no module).
        try "public enum Theme {}\n".write(to: root.appendingPathComponent("Sources/Settings/Theme.swift"), atomically: true, encoding: .utf8)
        try "Shop, again\n".write(to: root.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let json = try Self.affected(root, since: "HEAD")
        #expect(json["changedFiles"] as? [String] == ["README.md", "Sources/Settings/Theme.swift"])
        #expect(json["unmatchedFiles"] as? [String] == ["README.md"])
        #expect(Self.modules(json, reason: "changed") == ["Settings"])
        #expect(Self.modules(json, reason: "dependent") == ["App", "SettingsTests"])
    }

    @Test func aChangedManifestTouchesEveryTargetItDeclares() throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = root.appendingPathComponent("Package.swift")
        try (try String(contentsOf: manifest, encoding: .utf8) + "// edited\n").write(to: manifest, atomically: true, encoding: .utf8)
        let json = try Self.affected(root, since: "HEAD")
        #expect(Self.modules(json, reason: "changed").count == 8)
        #expect(Self.modules(json, reason: "dependent").isEmpty)
    }

    @Test func textSaysWhatChangedAndWhichTestsToRun() throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ProcessResult.archlint(["affected", root.path, "--since", "base", "--no-cache"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("1 file changed since base: 1 module changed, 5 modules depending on them, 2 test targets affected\n"))
        #expect(result.stdout.contains("  Shop/Models  Sources/Models/Item.swift\n"))
        #expect(result.stdout.contains("  Shop/HomeFeature  via Shop/Core\n"))
        #expect(result.stdout.contains("Tests to run: CoreTests ModelsTests\n"))
    }

    @Test func badInputExitsTwoWithOneMessage() throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let unknown = try ProcessResult.archlint(["affected", root.path, "--since", "no-such-branch", "--no-cache"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown revision 'no-such-branch'"))
        let option = try ProcessResult.archlint(["affected", root.path, "--since=--output=x", "--no-cache"])
        #expect(option.status == 2)

        let plain = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-affected-plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: plain) }
        let notRepository = try ProcessResult.archlint(
            ["affected", plain.path, "--since", "main", "--no-cache"], environment: ["GIT_CEILING_DIRECTORIES": plain.deletingLastPathComponent().path])
        #expect(notRepository.status == 2)
        #expect(notRepository.stderr.contains("is not inside a git repository"))

        // A shallow clone of the head only: the base isn't there.
        let clone = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-affected-clone-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: clone) }
        try Self.git(["clone", "-q", "--depth=1", "--no-local", "file://" + root.path, clone.path], in: root)
        let shallow = try ProcessResult.archlint(["affected", clone.path, "--since", "origin/feature", "--no-cache"])
        #expect(shallow.status == 2)
        #expect(shallow.stderr.contains("is not in this shallow clone; fetch it first:"))
        #expect(shallow.stderr.contains("git fetch --no-tags --depth=1 origin +refs/heads/feature:refs/remotes/origin/feature"))
    }

    @Test func nothingInTheRepositoryChanges() throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        try "public enum Theme {}\n".write(to: root.appendingPathComponent("Sources/Settings/Theme.swift"), atomically: true, encoding: .utf8)
        try "public struct Item {}\n".write(to: root.appendingPathComponent("Sources/Models/Item.swift"), atomically: true, encoding: .utf8)
        try Self.git(["add", "Sources/Models/Item.swift"], in: root)
        try "// stashed\n".write(to: root.appendingPathComponent("Sources/Core/Store.swift"), atomically: true, encoding: .utf8)
        try Self.git(["stash", "push", "-q", "--", "Sources/Core/Store.swift"], in: root)
        func state() throws -> [String] {
            [
                try Self.git(["status", "--porcelain", "--untracked-files=all"], in: root),
                try Self.git(["stash", "list"], in: root),
                try Self.git(["rev-parse", "HEAD"], in: root),
                String(decoding: try Data(contentsOf: root.appendingPathComponent(".git/index")), as: UTF8.self),
            ]
        }
        let before = try state()
        for format in ["text", "json"] {
            let result = try ProcessResult.archlint(["affected", root.path, "--since", "base", "--format", format, "--no-cache"])
            #expect(result.status == 0)
        }
        #expect(try state() == before)
    }

    @Test func aDeletedFileTouchesTheModuleWhoseDirectoryHeldIt() {
        let workspace = WorkspaceModel(root: "/r", modules: [
            Module(id: "P/A", name: "A", manifest: "Package.swift", type: .regular, path: "Sources/A", files: ["Sources/A/a.swift"]),
            Module(id: "P/AB", name: "AB", manifest: "Package.swift", type: .regular, path: "Sources/A/B", files: []),
            Module(id: "P/App", name: "App", project: "App.xcodeproj", type: .app, path: "App", files: ["App/main.swift"]),
        ])
        let graph = ModuleGraph(nodes: workspace.modules, edges: [ModuleEdge(from: "P/App", to: "P/A", kind: .declared)])
        let affected = AffectedModules(
            changedPaths: ["Sources/A/B/gone.swift", "App.xcodeproj/project.pbxproj", "Sources/A/Resources/x.png"],
            workspace: workspace, moduleGraph: graph)
        #expect(affected.modules.map(\.id) == ["P/A", "P/AB", "P/App"])
        #expect(affected.modules.first { $0.id == "P/AB" }?.changedFiles == ["Sources/A/B/gone.swift"])
        #expect(affected.modules.first { $0.id == "P/App" }?.reason == .changed)
        #expect(affected.unmatchedFiles.isEmpty)
    }
}
