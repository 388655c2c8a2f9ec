import ArchlintModel
import Foundation
import Testing
@testable import Reporting

@Suite struct ChangedFilesTests {
    static func diagnostic(_ file: String, related: [String] = [], module: String? = nil) -> Diagnostic {
        Diagnostic(
            rule: "module-cycle", severity: .error, message: "m", location: SourceLocation(file: file, line: 1, column: 1),
            module: module, related: related.map { RelatedLocation(location: SourceLocation(file: $0, line: 2, column: 1), message: "edge") })
    }

    @Test func keepsDiagnosticsLocatedOrEvidencedInChangedFiles() {
        let located = Self.diagnostic("Sources/A/A.swift")
        let evidenced = Self.diagnostic("Sources/B/B.swift", related: ["Sources/A/A.swift"])
        let elsewhere = Self.diagnostic("Sources/C/C.swift", related: ["Sources/D/D.swift"])
        let result = ChangedFiles(paths: ["Sources/A/A.swift"]).filter([located, evidenced, elsewhere])
        #expect(result.kept == [located, evidenced])
        #expect(result.dropped == [elsewhere])
    }

    @Test func aChangedManifestKeepsItsModulesDiagnostics() {
        let undeclared = Self.diagnostic("AppPackage/Sources/UICore/View.swift", module: "UICore")
        let otherPackage = Self.diagnostic("Other/Sources/X/X.swift", module: "X")
        let workspace = WorkspaceModel(root: ".", modules: [
            Module(id: "AppPackage/UICore", name: "UICore", package: "AppPackage", manifest: "AppPackage/Package.swift", type: .regular),
            Module(id: "Other/X", name: "X", package: "Other", manifest: "Other/Package.swift", type: .regular),
        ])
        let result = ChangedFiles(paths: ["AppPackage/Package.swift"])
            .filter([undeclared, otherPackage], manifestsByModule: ChangedFiles.manifestsByModule(workspace))
        #expect(result.kept == [undeclared])
    }

    @Test func aChangedConfigurationKeepsEverything() {
        let all = [Self.diagnostic("A.swift"), Self.diagnostic("B.swift")]
        #expect(ChangedFiles(paths: [".archlint.yml"]).filter(all).kept == all)
    }

    @Test func listAcceptsRootRelativeRootPrefixedAndAbsolutePaths() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let root = directory.path + "/repo/sub"
        let text = """
            # staged files
            Sources/A.swift
            ./Sources/B.swift

            \(root)/Sources/C.swift
            /elsewhere/D.swift
            Sources/E.swift\r
            """
        #expect(ChangedFiles.fromList(text: text, root: root).paths == ["Sources/A.swift", "Sources/B.swift", "Sources/C.swift", "Sources/E.swift"])
        #expect(ChangedFiles.fromList(text: "some/dir/Sources/A.swift\nSources/B.swift", root: "some/dir/").paths == ["Sources/A.swift", "Sources/B.swift"])
        #expect(ChangedFiles.fromList(text: "some/dir/Sources/A.swift", root: "./some/dir").paths == ["Sources/A.swift"])
    }

    @Test func unreadableListIsAClearError() throws {
        #expect(throws: ChangedFilesError.unreadableList(path: "/nonexistent/list.txt", reason: "no such file or directory")) {
            try ChangedFiles.fromList(path: "/nonexistent/list.txt", root: ".")
        }
        let directory = try TemporaryDirectory("archlint-list-fifo")
        defer { directory.remove() }
        let fifo = directory.path + "/changed.txt"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: ChangedFilesError.unreadableList(path: fifo, reason: "it is a FIFO, not a regular file")) {
            try ChangedFiles.fromList(path: fifo, root: ".")
        }
    }

    @Test func gitStagedAndRevisionChangesRelativeToASubdirectoryRoot() throws {
        let directory = try TemporaryDirectory("archlint-changed")
        defer { directory.remove() }
        let git = GitRepository(directory.url)
        try directory.write([
            "Apps/App/Sources/Feature/A.swift": "import Foundation\n",
            "Apps/App/Sources/Feature/Old Name.swift": "let x = 1\n",
            "Apps/App/Package.swift": "// manifest\n",
            "Other/B.swift": "let y = 2\n",
        ])
        try git.run("init", "-q")
        try git.run("add", "-A")
        try git.commit("initial")

        let root = directory.url.appendingPathComponent("Apps/App").path
        #expect(try ChangedFiles.fromGit(root: root, revision: nil).paths.isEmpty)

        try directory.write(["Apps/App/Sources/Feature/A.swift": "import UIKit\n", "Other/B.swift": "let y = 3\n"])
        try git.run("mv", "Apps/App/Sources/Feature/Old Name.swift", "Apps/App/Sources/Feature/New Name.swift")
        try git.run("add", "Apps/App/Sources/Feature/A.swift", "Other/B.swift")
        try directory.write(["Apps/App/Package.swift": "// unstaged edit\n"])

        let staged = try ChangedFiles.fromGit(root: root, revision: nil)
        #expect(staged.paths == ["Sources/Feature/A.swift", "Sources/Feature/Old Name.swift", "Sources/Feature/New Name.swift"])

        let sinceHead = try ChangedFiles.fromGit(root: root, revision: "HEAD")
        #expect(sinceHead.paths == staged.paths.union(["Package.swift"]))
    }

    /// `--changed` runs git inside the analysed repository, whose `.git/config` may name commands: an fsmonitor
    /// hook, a pager, an external diff, a clean filter. None of them may run.
    @Test func gitRunsNoCommandTheRepositoryConfigures() throws {
        let directory = try TemporaryDirectory("archlint-fsmonitor")
        defer { directory.remove() }
        let git = GitRepository(directory.url)
        try directory.write(["Sources/A.swift": "let a = 1\n", ".gitattributes": "*.swift filter=evil diff=evil\n"])
        try git.run("init", "-q")
        try git.run("add", "-A")
        try git.commit("initial")
        let marker = directory.path + "/.git/pwned"
        let script = directory.path + "/.git/evil.sh"
        try "#!/bin/sh\necho \"$0 $*\" >> '\(marker)'\ncat\n".write(toFile: script, atomically: true, encoding: .utf8)
        #expect(chmod(script, 0o755) == 0)
        for (key, value) in [("core.fsmonitor", script), ("core.pager", script), ("diff.external", script),
                             ("filter.evil.clean", script), ("filter.evil.smudge", script),
                             ("diff.evil.textconv", script), ("core.hooksPath", directory.path + "/.git")] {
            try git.run("config", key, value)
        }
        // Make the file stat-dirty with the same content, so git must look at (and would filter) it.
        try directory.write(["Sources/A.swift": "let a = 2\n"])
        let changed = try ChangedFiles.fromGit(root: directory.path, revision: "HEAD")
        #expect(changed.paths == ["Sources/A.swift"])
        _ = try ChangedFiles.fromGit(root: directory.path, revision: nil)
        #expect(!FileManager.default.fileExists(atPath: marker), "\((try? String(contentsOfFile: marker, encoding: .utf8)) ?? "")")
    }

    @Test func gitRunsWithoutSystemOrGlobalConfigOrPrompts() {
        let environment = ChangedFiles.hardenedEnvironment(["GIT_EXTERNAL_DIFF": "x", "PATH": "/usr/bin", "GIT_PAGER": "less"])
        #expect(environment["GIT_CONFIG_NOSYSTEM"] == "1")
        #expect(environment["GIT_CONFIG_GLOBAL"] == "/dev/null")
        #expect(environment["GIT_TERMINAL_PROMPT"] == "0")
        #expect(environment["GIT_EXTERNAL_DIFF"] == nil)
        #expect(environment["GIT_PAGER"] == "cat")
        #expect(environment["PATH"] == "/usr/bin")
        #expect(ChangedFiles.hardenedOptions.contains("core.fsmonitor=false"))
        #expect(ChangedFiles.hardenedOptions.contains("core.hooksPath=/dev/null"))
    }

    @Test func gitErrorsAreClear() throws {
        let directory = try TemporaryDirectory("archlint-nogit")
        defer { directory.remove() }
        #expect {
            try ChangedFiles.fromGit(root: directory.path, revision: "no-such-rev")
        } throws: { error in
            (error as? ChangedFilesError)?.description
                .hasPrefix("\(directory.path) is not inside a git repository (--changed reads what changed from git): ") ?? false
        }
    }
}

/// A throwaway git repository with a fixed identity, isolated from the user's git configuration.
struct GitRepository {
    let directory: URL

    init(_ directory: URL) {
        self.directory = directory
    }

    static let environment = [
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "archlint", "GIT_AUTHOR_EMAIL": "archlint@example.com",
        "GIT_COMMITTER_NAME": "archlint", "GIT_COMMITTER_EMAIL": "archlint@example.com",
    ]

    @discardableResult
    func run(_ arguments: String...) throws -> CommandResult {
        try run(arguments)
    }

    @discardableResult
    func run(_ arguments: [String]) throws -> CommandResult {
        let result = try Command.run("git", arguments, in: directory, environment: Self.environment)
        guard result.status == 0 else {
            throw GitFailure(description: "git \(arguments.joined(separator: " ")) failed: \(result.output)")
        }
        return result
    }

    func commit(_ message: String) throws {
        try run("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", message)
    }
}

struct GitFailure: Error, CustomStringConvertible {
    var description: String
}
