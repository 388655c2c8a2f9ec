import ArchlintTestSupport
import ArchlintModel
import Foundation
import Manifests
import SwiftFacts
import Testing

/// Never crash, never hang: every fixture, with its Swift sources, Package.swift files and `.archlint.yml`
/// randomly truncated or byte-flipped, goes through `archlint lint` in a child process (so a crash fails this
/// test instead of killing the runner). Each case must end within a generous time bound with exit 0 or 1, or 2
/// with a located message when the configuration itself was damaged (an invalid configuration is misuse). A Swift
/// source that the damage broke must get its `syntax-error` diagnostic (or `unreadable-file` when it is no longer
/// UTF-8) from `lint --parse-all`: the finding may not be lost. (A plain `lint` reads only the imports of files no
/// enabled rule reads the declarations of, and leaves errors elsewhere in them to the compiler; it runs on every
/// case too, under the same bounds, and may report only errors `--parse-all` reports.)
///
/// The mutations are seeded and deterministic: the seed is printed, and `ARCHLINT_STRESS_SEED=<n>` replays a run
/// (`ARCHLINT_STRESS_CASES=<n>` changes the cases per fixture). A failing case's tree is kept under
/// `$TMPDIR/archlint-stress-failures/` with a one-line reproducer in the failure message.
@Suite(.serialized) struct FixtureMutationStressTests {
    static let defaultSeed: UInt64 = 18
    static let defaultCasesPerFixture = 2
    /// Generous: a debug build on a loaded 2-core machine lints a fixture in well under a second.
    static let timeLimit: TimeInterval = 60

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["ARCHLINT_STRESS_SEED"].flatMap { UInt64($0) } ?? defaultSeed
    }

    static var casesPerFixture: Int {
        ProcessInfo.processInfo.environment["ARCHLINT_STRESS_CASES"].flatMap { Int($0) } ?? defaultCasesPerFixture
    }

    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FixturePaths.fixtures.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }()

    @Test(arguments: fixtures)
    func mutatedFixtureNeverCrashesOrHangs(fixture: String) throws {
        let seed = Self.seed
        print("FixtureMutationStressTests: fixture \(fixture), seed \(seed) (replay with ARCHLINT_STRESS_SEED=\(seed))")
        let source = FixturePaths.fixtures.appendingPathComponent(fixture)
        let files = try MutationTarget.files(in: source)
        try #require(!files.isEmpty, "\(fixture) has no Swift, Package.swift or .archlint.yml files")
        // One generator per fixture, so a fixture's cases don't depend on which other fixtures ran.
        var random = SplitMix64(seed: seed ^ MutationTarget.stableHash(fixture))
        var brokenSourcesChecked = 0
        for index in 0..<Self.casesPerFixture {
            let workspace = FileManager.default.temporaryDirectory
                .appendingPathComponent("archlint-stress-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: workspace) }
            try copyFixture(source, to: workspace)
            var mutations: [Mutation] = []
            var originals: [String: [UInt8]] = [:]
            // Each case damages one to three files; every kind of file is hit across the cases.
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let file = files[Int(random.next() % UInt64(files.count))]
                let url = workspace.appendingPathComponent(file)
                var bytes = [UInt8](try Data(contentsOf: url))
                let mutation = Mutation.random(file: file, size: bytes.count, using: &random)
                if originals[file] == nil { originals[file] = bytes }
                mutation.apply(to: &bytes)
                try Data(bytes).write(to: url)
                mutations.append(mutation)
            }
            let newlyBroken = try originals.keys.sorted().filter { file in
                let damaged = [UInt8](try Data(contentsOf: workspace.appendingPathComponent(file)))
                return !Self.hasSyntaxError(originals[file]!, file: file, in: workspace)
                    && Self.hasSyntaxError(damaged, file: file, in: workspace)
            }
            let skimming = try ChildRun.archlint(["lint", workspace.path, "--no-cache"], timeLimit: Self.timeLimit)
            let run = try ChildRun.archlint(["lint", workspace.path, "--no-cache", "--parse-all"], timeLimit: Self.timeLimit)
            let configDamaged = mutations.contains { $0.file.hasSuffix(".archlint.yml") }
            var failure = Self.judge(skimming, configDamaged: configDamaged) ?? Self.judge(run, configDamaged: configDamaged)
            let syntaxErrors = { (run: ChildRun) in Set(run.stdout.split(separator: "\n").filter { $0.hasSuffix("[syntax-error]") }) }
            if failure == nil, !syntaxErrors(skimming).isSubset(of: syntaxErrors(run)) {
                failure = "lint reports syntax errors lint --parse-all doesn't"
            }
            if failure == nil, !configDamaged {
                brokenSourcesChecked += newlyBroken.count
                // Each fixture's configuration keeps `syntax-error` on and scans all its sources.
                let unreported = newlyBroken.filter { file in
                    // A Tuist manifest or helper is evaluated, not linted: its syntax error is a manifest issue.
                    let expected = Self.isEvaluatedTuistFile(file, in: workspace)
                        ? ["[manifest-unresolved]", "[unreadable-file]"] : ["[syntax-error]", "[unreadable-file]"]
                    return !run.stdout.split(separator: "\n").contains { line in
                        line.contains("\(workspace.lastPathComponent)/\(file):") && expected.contains { line.hasSuffix($0) }
                    }
                }
                if !unreported.isEmpty { failure = "no syntax-error diagnostic for \(unreported.joined(separator: ", "))" }
            }
            if let failure {
                let kept = try keep(workspace, name: "\(fixture)-seed\(seed)-case\(index)")
                Issue.record("""
                    \(fixture) case \(index) (seed \(seed)): \(failure)
                    mutations: \(mutations.map(\.description).joined(separator: "; "))
                    reproduce: \(FixturePaths.archlintExecutable.path) lint \(kept.path) --no-cache
                    stderr (last lines): \(run.stderr.split(separator: "\n").suffix(8).joined(separator: "\n"))
                    """)
            }
        }
        print("FixtureMutationStressTests: \(fixture): \(Self.casesPerFixture) cases, \(brokenSourcesChecked) broken sources checked for their syntax-error")
    }

    /// Whether a scanned Swift source (not a manifest: those are reported as manifest issues) or an evaluated
    /// Tuist manifest or helper has syntax errors. Tuist's other files are tooling, skipped like `Pods/`.
    static func hasSyntaxError(_ bytes: [UInt8], file: String, in workspace: URL) -> Bool {
        // DocC tutorial code (`*.docc/Resources/*.swift`) is not part of any module and never scanned.
        guard file.hasSuffix(".swift"), (file as NSString).lastPathComponent != "Package.swift",
              !file.contains(".docc/") else { return false }
        // Package checkouts are vendored code, skipped like `Pods/`.
        if file.contains("/checkouts/") || file.hasPrefix("checkouts/") { return false }
        if let role = tuistRole(file, in: workspace), role != .projectManifest, role != .helper { return false }
        let facts = FileScanner.scan(source: String(decoding: bytes, as: UTF8.self), path: file, mode: .full)
        return facts.problems.contains { $0.kind == .syntaxError }
    }

    /// Tuist's role of a file, as discovery decides it: through `TuistRoots`, so a Tuist project in a subfolder counts.
    static func tuistRole(_ file: String, in workspace: URL) -> TuistLayout.Role? {
        let swiftFiles = (FileManager.default.enumerator(atPath: workspace.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }
        let rootHasTuistFolder = FileManager.default.fileExists(atPath: workspace.appendingPathComponent("Tuist").path)
        return TuistRoots(paths: swiftFiles, rootHasTuistFolder: rootHasTuistFolder).role(of: file)
    }

    static func isEvaluatedTuistFile(_ file: String, in workspace: URL) -> Bool {
        let role = tuistRole(file, in: workspace)
        return role == .projectManifest || role == .helper
    }

    /// Why the run is unacceptable, or nil when it is fine.
    static func judge(_ run: ChildRun, configDamaged: Bool) -> String? {
        if run.timedOut { return "did not finish within \(Int(timeLimit)) s (hang)" }
        if run.signalled { return "crashed with signal \(run.status)" }
        switch run.status {
        case 0:
            return nil
        case 1:
            // Exit 1 means errors were found: at least one must be shown.
            return run.stdout.contains(": error: ") || run.stderr.contains("error") ? nil : "exit 1 without any error diagnostic"
        case 2 where configDamaged:
            // An invalid configuration: the message must point into it.
            return run.stderr.contains(".archlint.yml") ? nil : "exit 2 without a message naming .archlint.yml"
        default:
            return "exit \(run.status) (expected 0 or 1\(configDamaged ? ", or 2 for the damaged configuration" : ""))"
        }
    }

    /// The judge itself: a crash, a hang, a silent exit 1 and a misplaced exit 2 each fail a case.
    @Test func judgeRejectsCrashesHangsAndUnexplainedExits() throws {
        let shell = URL(fileURLWithPath: "/bin/sh")
        let crash = try ChildRun.run(shell, ["-c", "kill -SEGV $$"], timeLimit: 30)
        #expect(crash.signalled && crash.status == SIGSEGV)
        #expect(Self.judge(crash, configDamaged: false)?.contains("crashed with signal 11") == true)
        let started = Date()
        let hang = try ChildRun.run(shell, ["-c", "exec sleep 30"], timeLimit: 0.5)
        #expect(Date().timeIntervalSince(started) < 20, "the child was not killed at its time limit")
        #expect(hang.timedOut)
        #expect(Self.judge(hang, configDamaged: false)?.contains("hang") == true)

        let clean = ChildRun(status: 0, signalled: false, timedOut: false, stdout: "", stderr: "")
        #expect(Self.judge(clean, configDamaged: false) == nil)
        let found = ChildRun(status: 1, signalled: false, timedOut: false, stdout: "a.swift:1:1: error: x [r]\n", stderr: "")
        #expect(Self.judge(found, configDamaged: false) == nil)
        #expect(Self.judge(ChildRun(status: 1, signalled: false, timedOut: false, stdout: "", stderr: ""), configDamaged: false) != nil)
        let invalid = ChildRun(status: 2, signalled: false, timedOut: false, stdout: "", stderr: "/t/.archlint.yml:3:1: error: bad\n")
        #expect(Self.judge(invalid, configDamaged: true) == nil)
        #expect(Self.judge(invalid, configDamaged: false) != nil)
    }

    @Test func mutationsAreDeterministic() {
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        let a = (0..<20).map { _ in Mutation.random(file: "f.swift", size: 100, using: &first).description }
        let b = (0..<20).map { _ in Mutation.random(file: "f.swift", size: 100, using: &second).description }
        #expect(a == b)
        var bytes = Array("hello".utf8)
        Mutation(file: "f", kind: .truncate(length: 2)).apply(to: &bytes)
        #expect(bytes == Array("he".utf8))
        Mutation(file: "f", kind: .flip([(offset: 0, mask: 0x20)])).apply(to: &bytes)
        #expect(bytes == Array("He".utf8))
    }

    private func copyFixture(_ source: URL, to destination: URL) throws {
        try FileManager.default.copyItem(at: source, to: destination)
        // Expectations aren't input; a fixture's cache would hide the damaged files.
        try? FileManager.default.removeItem(at: destination.appendingPathComponent("expected"))
        try? FileManager.default.removeItem(at: destination.appendingPathComponent(".archlint-cache"))
    }

    /// Keeps a failing case's tree for the reproducer.
    private func keep(_ workspace: URL, name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-stress-failures")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let kept = directory.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: kept)
        try FileManager.default.copyItem(at: workspace, to: kept)
        return kept
    }
}

/// Which files of a fixture are damaged: what archlint reads as input.
enum MutationTarget {
    /// Paths relative to `root`, sorted (the order must not depend on the file system).
    static func files(in root: URL) throws -> [String] {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: root.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path == "expected" || path.hasPrefix("expected/") { continue }
            let name = (path as NSString).lastPathComponent
            if name.hasSuffix(".swift") || name == ".archlint.yml" { files.append(path) }
        }
        return files.sorted()
    }

    /// FNV-1a: stable across runs and platforms, unlike `Hasher`.
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}

/// One damage done to one file.
struct Mutation: CustomStringConvertible {
    enum Kind {
        /// Keep the first `length` bytes.
        case truncate(length: Int)
        /// XOR the byte at each offset with its mask (never zero, so every listed byte changes).
        case flip([(offset: Int, mask: UInt8)])
    }

    var file: String
    var kind: Kind

    static func random(file: String, size: Int, using random: inout SplitMix64) -> Mutation {
        guard size > 0, random.next() % 2 == 0 else {
            return Mutation(file: file, kind: .truncate(length: size == 0 ? 0 : Int(random.next() % UInt64(size))))
        }
        let count = 1 + Int(random.next() % 8)
        let flips = (0..<count).map { _ in
            (offset: Int(random.next() % UInt64(size)), mask: UInt8(1 + random.next() % 255))
        }
        return Mutation(file: file, kind: .flip(flips))
    }

    func apply(to bytes: inout [UInt8]) {
        switch kind {
        case .truncate(let length):
            bytes.removeSubrange(min(length, bytes.count)...)
        case .flip(let flips):
            for flip in flips where flip.offset < bytes.count { bytes[flip.offset] ^= flip.mask }
        }
    }

    var description: String {
        switch kind {
        case .truncate(let length):
            return "\(file): truncated to \(length) bytes"
        case .flip(let flips):
            return "\(file): flipped " + flips.map { "byte \($0.offset) ^ 0x\(String($0.mask, radix: 16))" }.joined(separator: ", ")
        }
    }
}

/// The built archlint run in a child process with a time limit; output goes to files, so a chatty child
/// can't block on a full pipe.
struct ChildRun {
    var status: Int32
    var signalled: Bool
    var timedOut: Bool
    var stdout: String
    var stderr: String

    static func archlint(_ arguments: [String], timeLimit: TimeInterval) throws -> ChildRun {
        try run(FixturePaths.archlintExecutable, arguments, timeLimit: timeLimit)
    }

    static func run(_ executable: URL, _ arguments: [String], timeLimit: TimeInterval) throws -> ChildRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeLimit)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.waitUntilExit()
        return ChildRun(
            status: process.terminationStatus,
            signalled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
    }
}
