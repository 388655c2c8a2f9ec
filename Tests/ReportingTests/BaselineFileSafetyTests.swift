import ArchlintModel
import Foundation
import SystemSupport
import Testing
@testable import Reporting

/// Baseline files as people keep them (read-only, private, symlinked) and as attackers plant them (FIFOs), and
/// baselines of legacy-codebase size.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct BaselineFileSafetyTests {
    static let small = Baseline(recording: BaselineTests.recorded)

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o7777
    }

    @Test(arguments: [0o444, 0o600, 0o640] as [mode_t])
    func rewritingKeepsTheFileMode(mode: mode_t) throws {
        let directory = try TemporaryDirectory("archlint-baseline-mode")
        defer { directory.remove() }
        let path = directory.path + "/baseline.json"
        try Baseline().write(to: path)
        #expect(chmod(path, mode) == 0)
        try Self.small.write(to: path)
        #expect(Self.mode(path) == mode)
        #expect(try Baseline.load(path: path) == Self.small)
    }

    @Test func rewritingASymlinkedBaselineWritesItsTargetAndKeepsTheLink() throws {
        let directory = try TemporaryDirectory("archlint-baseline-link")
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path + "/shared", withIntermediateDirectories: true)
        let target = directory.path + "/shared/baseline.json"
        let link = directory.path + "/.archlint-baseline.json"
        try Baseline().write(to: target)
        #expect(chmod(target, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "shared/baseline.json")

        try Self.small.write(to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "shared/baseline.json")
        #expect(try Baseline.load(path: target) == Self.small)
        #expect(Self.mode(target) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/shared")
        #expect(leftovers == ["baseline.json"])
    }

    @Test func aFIFOBaselineIsRefusedWithoutWaiting() throws {
        let directory = try TemporaryDirectory("archlint-baseline-fifo")
        defer { directory.remove() }
        let path = directory.path + "/baseline.json"
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: BaselineError.unreadable(path: path, reason: "it is a FIFO, not a regular file")) {
            try Baseline.load(path: path)
        }
        #expect(throws: BaselineError.unwritable(path: path, reason: "it is a FIFO, not a regular file")) {
            try Self.small.write(to: path)
        }
    }

    @Test func aDeviceBaselineIsRefused() {
        #expect(throws: BaselineError.unreadable(path: "/dev/zero", reason: "it is a character device, not a regular file")) {
            try Baseline.load(path: "/dev/zero")
        }
    }

    @Test func errorsAreInWordsNotFoundationCodes() {
        #expect(throws: BaselineError.unreadable(path: "/nonexistent/b.json", reason: "no such file or directory")) {
            try Baseline.load(path: "/nonexistent/b.json")
        }
        let cocoa256 = NSError(domain: NSCocoaErrorDomain, code: 256, userInfo: [
            NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES)),
        ])
        #expect(FoundationErrorText.describe(cocoa256) == "permission denied")
        let cocoa512 = NSError(domain: NSCocoaErrorDomain, code: 512, userInfo: [
            NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC)),
        ])
        #expect(FoundationErrorText.describe(cocoa512) == "no space left on device")
        #expect(FoundationErrorText.describe(NSError(domain: NSCocoaErrorDomain, code: NSFileReadNoSuchFileError)) == "no such file or directory")
        #expect(!FoundationErrorText.describe(NSError(domain: NSCocoaErrorDomain, code: 256)).contains("NSCocoaErrorDomain"))
        // Foundation calls a FIFO a permission problem; archlint names it.
        #expect(FoundationErrorText.describe(cocoa256, path: "/dev/null") == "it is a character device, not a regular file")
    }

    @Test func canonicalTextIsTheCompactJSONArray() {
        let keys = [
            BaselineKey(rule: "r", module: nil, subject: [], file: "a\"b\\c\n.swift"),
            BaselineKey(rule: "cross-feature-import", module: "Gacha", subject: ["A", "B →", "\u{1}"], file: nil),
        ]
        for key in keys {
            let rendered = JSONValue.array([.string(key.rule), .optional(key.module), .strings(key.subject), .optional(key.file)])
                .rendered(pretty: false)
            #expect(key.canonicalText == rendered)
        }
    }

    /// A legacy codebase's baseline: 300,000 entries. Loading and matching it sorted entries by a key recomputed
    /// for every comparison (over 4 minutes in a debug build); the bound only proves it no longer does.
    @Test func aBaselineOf300000EntriesLoadsAndMatchesInReasonableTime() throws {
        let count = 300_000
        var text = "{\"tool\": \"archlint\", \"version\": 1, \"violations\": [\n"
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(count)
        for index in 0..<count {
            let (from, to, file) = ("Feature\(index % 5_000)", "Other\(index)", "Sources/F\(index % 5_000)/File\(index).swift")
            text += "{\"rule\": \"cross-feature-import\", \"module\": \"\(from)\", \"subject\": [\"\(from)\", \"\(to)\", \"\(to)\"], "
                + "\"file\": null, \"count\": 1, \"files\": [\"\(file)\"], \"message\": \"\(from) imports \(to)\"}"
                + (index == count - 1 ? "\n" : ",\n")
            if index >= 1_000 { diagnostics.append(BaselineTests.importDiagnostic(from, to, file: file, line: 1)) }
        }
        text += "]}\n"
        let directory = try TemporaryDirectory("archlint-baseline-large")
        defer { directory.remove() }
        let path = directory.path + "/baseline.json"
        try text.write(toFile: path, atomically: false, encoding: .utf8)

        let loaded = try Baseline.load(path: path)
        let match = loaded.match(diagnostics)
        #expect(loaded.entries.count == count)
        #expect(match.fixedCount == 1_000)
        #expect(match.new.isEmpty)
        #expect(match.shrunk.violationCount == count - 1_000)
    }
}
