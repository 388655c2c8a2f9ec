import ArchlintModel
import ArchlintTestSupport
import Foundation
import Testing

/// Issue 37's write and read cases, each as a hostile repository would set it up: a working copy (`repo`) beside a
/// folder standing for the rest of the machine (`outside`, holding a secret). Every case checks the exit code, the
/// message, that nothing outside changed and that the secret was never printed.
@Suite struct GuardedWriteCLITests {
    static let secret = "TOKEN=hunter2-outside-the-repository"

    struct Sandbox {
        let work: URL
        var repo: URL { work.appendingPathComponent("repo") }
        var outside: URL { work.appendingPathComponent("outside") }

        init(_ fixture: String) throws {
            work = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-guard-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: FixturePaths.fixtures.appendingPathComponent(fixture), to: repo)
            try? FileManager.default.removeItem(at: repo.appendingPathComponent("expected"))
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try Data(GuardedWriteCLITests.secret.utf8).write(to: outside.appendingPathComponent("secret.txt"))
            try Data(GuardedWriteCLITests.secret.utf8).write(to: outside.appendingPathComponent("SettingsComponent.swift"))
        }

        func remove() { try? FileManager.default.removeItem(at: work) }

        func link(_ path: String, to destination: URL) throws {
            let url = repo.appendingPathComponent(path)
            try? FileManager.default.removeItem(at: url)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination.path)
        }

        /// Every file (and symlink) under `directory` with its bytes (a link: its destination).
        static func snapshot(_ directory: URL) -> [String: Data] {
            var result: [String: Data] = [:]
            let paths = FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []
            for path in paths {
                let url = directory.appendingPathComponent(path)
                if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
                    result[path] = Data(("-> " + link).utf8)
                } else if let data = FileManager.default.contents(atPath: url.path) {
                    result[path] = data
                } else {
                    result[path] = Data("<folder>".utf8)
                }
            }
            return result
        }

        var repoSnapshot: [String: Data] { Self.snapshot(repo) }
        var outsideSnapshot: [String: Data] { Self.snapshot(outside) }

        func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
            try ProcessResult.archlint(arguments, in: repo, environment: environment)
        }
    }

    /// Nothing printed holds the secret, and `outside` is as it was.
    func expectOutsideUntouched(_ sandbox: Sandbox, _ before: [String: Data], _ result: ProcessResult) {
        #expect(sandbox.outsideSnapshot == before)
        #expect(!result.stdout.contains("hunter2") && !result.stderr.contains("hunter2"), "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains(sandbox.outside.path), "what a refused link points to is never named: \(result.stderr)")
    }

    // MARK: generate needle

    static let needleOutput = "Sources/App/NeedleGenerated.swift"

    /// F09: `--check` on a committed NeedleGenerated.swift that is a symlink out of the repository.
    @Test func checkNeverPrintsAFileOutsideTheRepository() throws {
        let sandbox = try Sandbox("needle-codegen-basic")
        defer { sandbox.remove() }
        try sandbox.link(Self.needleOutput, to: sandbox.outside.appendingPathComponent("secret.txt"))
        let before = sandbox.outsideSnapshot
        let result = try sandbox.run(["generate", "needle", "--output", Self.needleOutput, "--check", "--no-cache"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(
            "error: cannot read \(Self.needleOutput): it leads outside \(sandbox.repo.path) through a symlink; archlint reads only inside the repository (--allow-outside-root lets it)"),
            "\(result.stderr)")
        expectOutsideUntouched(sandbox, before, result)
    }

    /// F10: writing through a symlinked output file.
    @Test func neverWritesThroughASymlinkedOutputFile() throws {
        let sandbox = try Sandbox("needle-codegen-basic")
        defer { sandbox.remove() }
        try sandbox.link(Self.needleOutput, to: sandbox.outside.appendingPathComponent("secret.txt"))
        let before = sandbox.outsideSnapshot
        let result = try sandbox.run(["generate", "needle", "--output", Self.needleOutput, "--no-cache"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("it leads outside \(sandbox.repo.path) through a symlink"), "\(result.stderr)")
        expectOutsideUntouched(sandbox, before, result)
    }

    /// F11: writing into a symlinked output folder.
    @Test func neverWritesIntoASymlinkedOutputFolder() throws {
        let sandbox = try Sandbox("needle-codegen-basic")
        defer { sandbox.remove() }
        try sandbox.link("Sources/App/Generated", to: sandbox.outside)
        let before = sandbox.outsideSnapshot
        let result = try sandbox.run(["generate", "needle", "--output", "Sources/App/Generated/NeedleGenerated.swift", "--no-cache"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("it leads outside \(sandbox.repo.path) through a symlink"), "\(result.stderr)")
        expectOutsideUntouched(sandbox, before, result)
    }

    /// F13: `--output` naming a file that isn't a generated Needle file replaces it only with `--force`.
    @Test(arguments: ["Package.swift", ".git/config", "Sources/App/RootComponent.swift"])
    func neverReplacesAFileOfAnotherKind(output: String) throws {
        let sandbox = try Sandbox("needle-codegen-basic")
        defer { sandbox.remove() }
        try FileManager.default.createDirectory(at: sandbox.repo.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("[core]\n\trepositoryformatversion = 0\n".utf8).write(to: sandbox.repo.appendingPathComponent(".git/config"))
        try Data("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\")\n".utf8)
            .write(to: sandbox.repo.appendingPathComponent("Package.swift"))
        let before = sandbox.repoSnapshot
        let result = try sandbox.run(["generate", "needle", "--output", output, "--app", "App", "--no-cache"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(
            "error: cannot write \(output): it exists and is not a generated Needle file; archlint replaces only its own files (--force replaces it)"),
            "\(result.stderr)")
        #expect(sandbox.repoSnapshot == before)
    }

    /// Its own file is still regenerated without `--force`.
    @Test func replacesItsOwnGeneratedFile() throws {
        let sandbox = try Sandbox("needle-codegen-basic")
        defer { sandbox.remove() }
        let file = sandbox.repo.appendingPathComponent(Self.needleOutput)
        let expected = try String(contentsOf: file, encoding: .utf8)
        try Data(expected.replacingOccurrences(of: "register1()\n#endif\n}", with: "#endif\n}").utf8).write(to: file)
        let result = try sandbox.run(["generate", "needle", "--output", Self.needleOutput, "--no-cache"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == expected)
    }

    // MARK: new component

    static let newComponent = ["new", "component", "Settings", ".", "--parent", "ProfileComponent", "--no-cache"]

    /// F01: the new feature's folder is a symlink out of the repository; `--force` doesn't change that.
    @Test(arguments: [false, true])
    func neverWritesThroughASymlinkedFeatureFolder(force: Bool) throws {
        let sandbox = try Sandbox("scaffold-app")
        defer { sandbox.remove() }
        try sandbox.link("Sources/Profile/Settings", to: sandbox.outside)
        let before = (sandbox.repoSnapshot, sandbox.outsideSnapshot)
        let result = try sandbox.run(Self.newComponent + (force ? ["--force"] : []))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(
            "archlint: Sources/Profile/Settings/SettingsComponent.swift leads outside \(sandbox.repo.path) through a symlink"),
            "\(result.stderr)")
        #expect(sandbox.repoSnapshot == before.0)
        expectOutsideUntouched(sandbox, before.1, result)
    }

    /// F08: a symlinked `.archlint/templates` folder is never read.
    @Test func neverReadsTemplatesThroughASymlinkedFolder() throws {
        let sandbox = try Sandbox("scaffold-app")
        defer { sandbox.remove() }
        try Data("// \(Self.secret)\nfinal class {{ component }} {}\n".utf8)
            .write(to: sandbox.outside.appendingPathComponent("component.stencil"))
        try FileManager.default.createDirectory(at: sandbox.repo.appendingPathComponent(".archlint"), withIntermediateDirectories: true)
        try sandbox.link(".archlint/templates", to: sandbox.outside)
        let before = (sandbox.repoSnapshot, sandbox.outsideSnapshot)
        for dryRun in [false, true] {
            let result = try sandbox.run(Self.newComponent + (dryRun ? ["--dry-run"] : []))
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains(
                "archlint: .archlint/templates leads outside \(sandbox.repo.path) through a symlink; archlint reads only inside the repository (--allow-outside-root lets it). Keep the templates in the repository."),
                "\(result.stderr)")
            expectOutsideUntouched(sandbox, before.1, result)
        }
        #expect(sandbox.repoSnapshot == before.0)
    }

    /// F12: a file where the new folder goes: refused before the parent is patched; nothing is written.
    @Test func aFileInTheWayLeavesEverythingAsItWas() throws {
        let sandbox = try Sandbox("scaffold-app")
        defer { sandbox.remove() }
        try Data("not a folder\n".utf8).write(to: sandbox.repo.appendingPathComponent("Sources/Profile/Settings"))
        let before = sandbox.repoSnapshot
        let result = try sandbox.run(Self.newComponent)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == """
            archlint: cannot write Sources/Profile/Settings/SettingsComponent.swift: Sources/Profile/Settings is a regular \
            file, not a folder; move it out of the way.

            """, "\(result.stderr)")
        #expect(!result.stderr.contains("patched"))
        #expect(sandbox.repoSnapshot == before)
    }

    /// A full disk while the temporaries are written, and SIGTERM once they are: the tree is as it was, with no
    /// temporary file, no new folder and the parent unpatched.
    @Test(arguments: ["fail", "signal"])
    func anInterruptedWriteLeavesNothing(interrupt: String) throws {
        let sandbox = try Sandbox("scaffold-app")
        defer { sandbox.remove() }
        let before = sandbox.repoSnapshot
        let result = try sandbox.run(Self.newComponent + ["--ribs"], environment: ["ARCHLINT_TEST_WRITE_INTERRUPT": interrupt])
        if interrupt == "signal" {
            #expect(result.uncaughtSignal && result.status == SIGTERM, "status \(result.status): \(result.stderr)")
        } else {
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("no space left on device"), "\(result.stderr)")
        }
        #expect(sandbox.repoSnapshot == before, "\(Set(sandbox.repoSnapshot.keys).symmetricDifference(before.keys))")
    }

    /// A temporary file a run killed with SIGKILL left behind is removed by the next run that writes there.
    @Test func aKilledRunsTemporaryIsRemovedByTheNext() throws {
        let sandbox = try Sandbox("scaffold-app")
        defer { sandbox.remove() }
        // A process id no process has (above Linux's and macOS's limits).
        let leftover = sandbox.repo.appendingPathComponent("Sources/Profile/.ProfileComponent.swift.tmp-2147483646-1f2e3d")
        try Data("half".utf8).write(to: leftover)
        let result = try sandbox.run(Self.newComponent)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }

    /// F30: eight runs on one parent at once: each waits for the parent's lock, patches what the previous left;
    /// every factory is there.
    @Test func concurrentRunsOnOneParentKeepEveryFactory() throws {
        let sandbox = try Sandbox("scaffold-app")
        defer { sandbox.remove() }
        // One analysis first, so the eight runs share a warm scan cache and start their writes close together.
        let cache = sandbox.work.appendingPathComponent("cache").path
        let names = (1...8).map { "Feature\($0)" }
        let processes = try names.map { name -> Process in
            let process = Process()
            process.executableURL = FixturePaths.archlintExecutable
            process.arguments = ["new", "component", name, ".", "--parent", "ProfileComponent", "--cache-dir", cache]
            process.currentDirectoryURL = sandbox.repo
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 8))
        let parent = try String(
            contentsOf: sandbox.repo.appendingPathComponent("Sources/Profile/ProfileComponent.swift"), encoding: .utf8)
        for name in names {
            let property = "feature\(name.dropFirst("Feature".count))Component"
            #expect(parent.contains("var \(property): \(name)Component { \(name)Component(parent: self) }"), "\(name): \(parent)")
            #expect(FileManager.default.fileExists(
                atPath: sandbox.repo.appendingPathComponent("Sources/Profile/\(name)/\(name)Component.swift").path))
        }
        #expect(!sandbox.repoSnapshot.keys.contains { $0.contains(".tmp-") })
        let lint = try sandbox.run(["lint", ".", "--no-cache"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }

    /// Crash messages name the stage after the analysis, not the analysis' last phase.
    @Test func aCrashWhileRenderingTemplatesNamesThatPhase() throws {
        let sandbox = try Sandbox("scaffold-app")
        defer { sandbox.remove() }
        let before = sandbox.repoSnapshot
        let result = try sandbox.run(Self.newComponent, environment: ["ARCHLINT_TEST_CRASH_PHASE": "templates"])
        #expect(result.uncaughtSignal, "status \(result.status): \(result.stderr)")
        #expect(result.stderr.hasPrefix("archlint: crashed (SIGSEGV) during templates — "), "\(result.stderr.prefix(300))")
        #expect(sandbox.repoSnapshot == before)
    }

    // MARK: reports and baselines

    /// A report directory the repository turned into a symlink out of it is refused; one named outside is the
    /// user's choice and written.
    @Test func reportsStayInsideUnlessNamedOutside() throws {
        let sandbox = try Sandbox("scaffold-app")
        defer { sandbox.remove() }
        try sandbox.link("reports", to: sandbox.outside)
        let before = sandbox.outsideSnapshot
        let refused = try sandbox.run(["lint", ".", "--no-cache", "--report", "json:reports/lint.json"])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("cannot write reports/lint.json: it leads outside"), "\(refused.stderr)")
        expectOutsideUntouched(sandbox, before, refused)
        let named = sandbox.work.appendingPathComponent("ci/lint.json").path
        let written = try sandbox.run(["lint", ".", "--no-cache", "--report", "json:\(named)"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(FileManager.default.fileExists(atPath: named))
    }

    /// `baseline --output` replaces only a baseline without `--force`.
    @Test func baselineNeverReplacesAnotherKindOfFile() throws {
        let sandbox = try Sandbox("scaffold-app")
        defer { sandbox.remove() }
        let before = sandbox.repoSnapshot
        let refused = try sandbox.run(["baseline", ".", "--no-cache", "--output", "Package.swift"])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("it exists and is not an archlint baseline"), "\(refused.stderr)")
        #expect(sandbox.repoSnapshot == before)
        let first = try sandbox.run(["baseline", ".", "--no-cache", "--output", "base.json"])
        let second = try sandbox.run(["baseline", ".", "--no-cache", "--output", "base.json"])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
    }
}
