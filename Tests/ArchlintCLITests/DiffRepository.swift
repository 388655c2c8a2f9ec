import ChildProcesses
import Foundation
import Testing

/// A git repository in a temporary directory with a base commit and a head commit whose changes to the
/// architecture are known exactly: the head adds a cross-feature import (HomeFeature → GachaFeature), breaks a
/// cycle (Networking ↔ Storage), adds a Needle component with a missing provider (ProfileComponent needs
/// `session`), and renames a module (Analytics → Telemetry). A cross-feature import ShopFeature → GachaFeature is
/// on both sides, moved down two lines in the head (a known finding). Git runs through `ChildProcess`.
struct DiffRepository {
    /// The analysed directory.
    let root: URL
    /// The repository's top level (`root` or a parent of it).
    let repository: URL
    /// The base commit's id.
    let base: String
    /// The head commit's id (the working tree equals it until a test edits it).
    let head: String

    /// - Parameter directory: where in the repository the package lives ("" for its top).
    static func make(commitHead: Bool = true, directory: String = "") throws -> DiffRepository {
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-diff-\(UUID().uuidString)")
        let root = directory.isEmpty ? repository : repository.appendingPathComponent(directory)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"], in: repository)
        try write(baseFiles, in: root)
        try git(["add", "-A"], in: root)
        try git(["commit", "-q", "-m", "base"], in: root)
        let base = try git(["rev-parse", "HEAD"], in: root).trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.removeItem(at: root.appendingPathComponent("Sources/Analytics"))
        try write(headFiles, in: root)
        var head = base
        if commitHead {
            try git(["add", "-A"], in: root)
            try git(["commit", "-q", "-m", "head"], in: root)
            head = try git(["rev-parse", "HEAD"], in: root).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return DiffRepository(root: root, repository: repository, base: base, head: head)
    }

    func remove() {
        try? FileManager.default.removeItem(at: repository)
    }

    @discardableResult
    static func git(_ arguments: [String], in directory: URL) throws -> String {
        let outcome = try ChildProcess.run(ChildProcess.Request(
            executable: "git",
            arguments: ["-C", directory.path, "-c", "user.name=archlint", "-c", "user.email=archlint@example.com",
                        "-c", "commit.gpgsign=false"] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(
                ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"]) { $1 },
            outputLimit: 64 << 20))
        #expect(outcome.succeeded, "git \(arguments.joined(separator: " ")): \(outcome.standardError)")
        return String(decoding: outcome.standardOutput, as: UTF8.self)
    }

    static func write(_ files: [String: String], in root: URL) throws {
        for (path, content) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    static func manifest(home: String, storage: String, analytics: String) -> String {
        """
        // swift-tools-version: 5.9
        import PackageDescription

        let needle: Target.Dependency = .product(name: "NeedleFoundation", package: "needle")

        let package = Package(
            name: "DiffDemo",
            dependencies: [
                .package(url: "https://github.com/uber/needle.git", from: "0.25.0"),
            ],
            targets: [
                .target(name: "Services"),
                .target(name: "\(analytics)"),
                .target(name: "Networking", dependencies: ["Storage"]),
                .target(name: "Storage", dependencies: [\(storage)]),
                .target(name: "GachaFeature", dependencies: ["Services"]),
                .target(name: "ShopFeature", dependencies: ["Services", "GachaFeature"]),
                .target(name: "HomeFeature", dependencies: [\(home)]),
                .target(name: "App", dependencies: ["HomeFeature", "ShopFeature", "Networking", "Services", needle]),
            ]
        )

        """
    }

    static let rootComponent = """
        import NeedleFoundation
        import Services

        final class RootComponent: BootstrapComponent {
            var apiClient: APIClient {
                shared { APIClient() }
            }
        %@}

        """

    static var baseFiles: [String: String] {
        [
            "Package.swift": manifest(home: "\"Services\", \"Analytics\"", storage: "\"Networking\"", analytics: "Analytics"),
            "Sources/Services/Services.swift": "public final class APIClient { public init() {} }\npublic final class Session {}\n",
            "Sources/Analytics/Tracker.swift": "public struct Tracker {}\n",
            "Sources/Networking/Client.swift": "import Storage\n\npublic struct Client {}\n",
            "Sources/Storage/Store.swift": "import Networking\n\npublic struct Store {}\n",
            "Sources/GachaFeature/Gacha.swift": "import Services\n\npublic struct Gacha {}\n",
            "Sources/ShopFeature/Shop.swift": "import Services\nimport GachaFeature\n\npublic struct Shop {}\n",
            "Sources/HomeFeature/Home.swift": "import Services\nimport Analytics\n\npublic struct Home {}\n",
            "Sources/App/RootComponent.swift": rootComponent.replacingOccurrences(of: "%@", with: ""),
        ]
    }

    static var headFiles: [String: String] {
        [
            "Package.swift": manifest(
                home: "\"Services\", \"Telemetry\", \"GachaFeature\"", storage: "", analytics: "Telemetry"),
            "Sources/Telemetry/Tracker.swift": "public struct Tracker {}\n",
            "Sources/Storage/Store.swift": "public struct Store {}\n",
            "Sources/ShopFeature/Shop.swift": "// Shop.\n\nimport Services\nimport GachaFeature\n\npublic struct Shop {}\n",
            "Sources/HomeFeature/Home.swift": "import Services\nimport Telemetry\nimport GachaFeature\n\npublic struct Home {}\n",
            "Sources/App/RootComponent.swift": rootComponent.replacingOccurrences(of: "%@", with: """

                    var profile: ProfileComponent {
                        ProfileComponent(parent: self)
                    }

                """),
            "Sources/App/ProfileComponent.swift": """
                import NeedleFoundation
                import Services

                protocol ProfileDependency: Dependency {
                    var session: Session { get }
                }

                final class ProfileComponent: Component<ProfileDependency> {}

                """,
        ]
    }
}

/// What a git repository's state is, as far as a user would notice: `git status --porcelain`, the index file's
/// bytes and `git stash list`.
struct GitState: Equatable {
    var status: String
    var index: Data
    var stash: String

    init(_ root: URL) throws {
        status = try DiffRepository.git(["--no-optional-locks", "status", "--porcelain", "--untracked-files=all"], in: root)
        index = try Data(contentsOf: root.appendingPathComponent(".git/index"))
        stash = try DiffRepository.git(["--no-optional-locks", "stash", "list"], in: root)
    }
}
