import Foundation
import Testing

/// The published hook, run by the real pre-commit framework on a throwaway repository: the built `archlint`
/// (`<package root>/.build/debug/archlint`, which .ci/run builds before the tests) is put on PATH and the
/// `archlint-system` hook from our `.pre-commit-hooks.yaml` is installed verbatim as a `repo: local` hook.
@Suite(.serialized) struct PreCommitTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = packageRoot.appendingPathComponent(".build/debug/archlint")

    /// A small package: two features that may only meet through `ProfileInterface`.
    static let repository = [
        "Package.swift": """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "App",
                targets: [
                    .target(name: "ProfileInterface"),
                    .target(name: "ProfileFeature", dependencies: ["ProfileInterface"]),
                    .target(name: "GachaFeature", dependencies: ["ProfileInterface"]),
                ]
            )

            """,
        "Sources/ProfileInterface/ProfileBuildable.swift": "public protocol ProfileBuildable {}\n",
        "Sources/ProfileFeature/ProfileBuilder.swift": "import ProfileInterface\n\npublic final class ProfileBuilder: ProfileBuildable {}\n",
        "Sources/GachaFeature/GachaView.swift": "import ProfileInterface\n\nstruct GachaView {}\n",
    ]

    @Test func stagedCrossFeatureImportFailsTheCommitAndACleanChangePasses() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path),
                     "\(Self.binary.path) is missing: build it first (`swift build`), as .ci/run does")
        let preCommit = try PreCommitFramework.command()

        let directory = try TemporaryDirectory("archlint-pre-commit")
        defer { directory.remove() }
        try directory.write(Self.repository)
        try directory.write([".pre-commit-config.yaml": try Self.localHookConfiguration()])
        let git = GitRepository(directory.url)
        try git.run("init", "-q")
        try git.run("add", "-A")
        try git.commit("initial")

        let environment = GitRepository.environment.merging([
            "PATH": Self.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "PRE_COMMIT_HOME": directory.url.appendingPathComponent(".pre-commit-home").path,
            "NO_COLOR": "1",
        ]) { $1 }
        let install = try Command.run(preCommit[0], Array(preCommit.dropFirst()) + ["install"], in: directory.url, environment: environment)
        try #require(install.status == 0, "pre-commit install failed:\n\(install.output)")

        // A cross-feature import: GachaFeature imports ProfileFeature's implementation.
        try directory.write(["Sources/GachaFeature/GachaView.swift": "import ProfileInterface\nimport ProfileFeature\n\nstruct GachaView {}\n"])
        try git.run("add", "Sources/GachaFeature/GachaView.swift")
        let failing = try Command.run("git", ["-c", "commit.gpgsign=false", "commit", "-m", "cross-feature import"], in: directory.url, environment: environment)
        #expect(failing.status != 0, "the commit should have been rejected:\n\(failing.output)")
        #expect(failing.output.contains("Sources/GachaFeature/GachaView.swift:2:1: error:"), "hook output:\n\(failing.output)")
        #expect(failing.output.contains("[cross-feature-import]"), "hook output:\n\(failing.output)")

        // A clean change instead.
        try directory.write(["Sources/GachaFeature/GachaView.swift": "import ProfileInterface\n\nstruct GachaView {\n    var title = \"Gacha\"\n}\n"])
        try git.run("add", "Sources/GachaFeature/GachaView.swift")
        let passing = try Command.run("git", ["-c", "commit.gpgsign=false", "commit", "-m", "clean change"], in: directory.url, environment: environment)
        #expect(passing.status == 0, "the clean commit should pass:\n\(passing.output)")
        #expect(passing.output.contains("archlint"), "the hook should have run:\n\(passing.output)")
    }

    @Test func publishedHooksAreWellFormed() throws {
        let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let script = """
            import sys, yaml
            hooks = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
            for hook in hooks:
                print(hook["id"], hook["language"], hook["entry"], hook["pass_filenames"])
            """
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(["check.py": script, "hooks.yaml": text])
        let result = try Command.run("python3", [directory.url.appendingPathComponent("check.py").path, directory.url.appendingPathComponent("hooks.yaml").path])
        try #require(result.status == 0, "cannot parse .pre-commit-hooks.yaml (python3 with PyYAML, which pre-commit depends on):\n\(result.output)")
        #expect(result.output == """
            archlint swift archlint lint --changed False
            archlint-system system archlint lint --changed False

            """)
    }

    /// Where dependency edits happen (projects, specs, manifests, build settings) runs the hooks; other files don't.
    /// pre-commit matches `files` with Python's `re.search`, so Python checks it.
    @Test func hooksRunOnProjectAndManifestChanges() throws {
        let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let script = """
            import re, sys, yaml
            paths = sys.argv[2:]
            for hook in yaml.safe_load(open(sys.argv[1], encoding="utf-8")):
                print(hook["id"], [path for path in paths if re.search(hook["files"], path)])
            """
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(["check.py": script, "hooks.yaml": text])
        let paths = [
            "App.xcodeproj/project.pbxproj", "project.yml", "Projects/Home/Project.swift", "Package.swift",
            "Configs/Base.xcconfig", "Sources/A/A.swift", ".archlint.yml", "App.xcworkspace/contents.xcworkspacedata",
            "README.md", "project.pbxproj.orig", ".github/workflows/ci.yml",
        ]
        let result = try Command.run("python3", [directory.url.appendingPathComponent("check.py").path,
                                                 directory.url.appendingPathComponent("hooks.yaml").path] + paths)
        #expect(result.status == 0, "\(result.output)")
        let matched = "['App.xcodeproj/project.pbxproj', 'project.yml', 'Projects/Home/Project.swift', 'Package.swift', "
            + "'Configs/Base.xcconfig', 'Sources/A/A.swift', '.archlint.yml', 'App.xcworkspace/contents.xcworkspacedata']"
        #expect(result.output == "archlint \(matched)\narchlint-system \(matched)\n")
    }

    /// The `archlint-system` hook from `.pre-commit-hooks.yaml`, as a `repo: local` hook.
    static func localHookConfiguration() throws -> String {
        let hooks = try String(contentsOf: packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let lines = hooks.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("- id: archlint-system") }) else {
            throw GitFailure(description: ".pre-commit-hooks.yaml has no archlint-system hook")
        }
        let block = lines[start...].prefix { !$0.isEmpty }
        return "repos:\n  - repo: local\n    hooks:\n" + block.map { "      " + $0 }.joined(separator: "\n") + "\n"
    }
}

/// Finds the pre-commit framework, installing it from PyPI (`python3 -m pip install pre-commit`) when it isn't there.
enum PreCommitFramework {
    static func command() throws -> [String] {
        if let result = try? Command.run("pre-commit", ["--version"]), result.status == 0 { return ["pre-commit"] }
        let module = ["python3", "-m", "pre_commit"]
        if let result = try? Command.run("python3", ["-m", "pre_commit", "--version"]), result.status == 0 { return module }
        let install = try Command.run("python3", ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "pre-commit"])
        guard install.status == 0 else {
            throw GitFailure(description: "pre-commit is not installed and `python3 -m pip install pre-commit` failed:\n\(install.output)")
        }
        return module
    }
}
