@testable import ArchlintCLI
import ArchlintTestSupport
import Foundation
import Testing
import Workspace

/// The progress line: shown only to a person at a terminal, only after the delay, and erased at the end.
@Suite struct ProgressLineTests {
    @Test func showsOnlyOnATerminalWithoutCIOrQuiet() {
        #expect(ProgressLine.shouldShow(stderrIsTerminal: true, environment: ["TERM": "xterm"], quiet: false))
        #expect(!ProgressLine.shouldShow(stderrIsTerminal: false, environment: [:], quiet: false))
        #expect(!ProgressLine.shouldShow(stderrIsTerminal: true, environment: ["CI": "true"], quiet: false))
        #expect(!ProgressLine.shouldShow(stderrIsTerminal: true, environment: ["CI": "1"], quiet: false))
        #expect(!ProgressLine.shouldShow(stderrIsTerminal: true, environment: [:], quiet: true))
        #expect(!ProgressLine.shouldShow(stderrIsTerminal: true, environment: ["TERM": "dumb"], quiet: false))
        // An empty CI variable is not a CI.
        #expect(ProgressLine.shouldShow(stderrIsTerminal: true, environment: ["CI": ""], quiet: false))
    }

    /// A clock the test moves, and what the line wrote.
    final class Recorder: @unchecked Sendable {
        var now: TimeInterval = 100
        var written: [String] = []
    }

    static func line(_ recorder: Recorder) -> ProgressLine {
        ProgressLine(delay: 1, clock: { recorder.now }, write: { recorder.written.append($0) })
    }

    @Test func drawsNothingDuringTheFirstSecondAndNothingToEraseThen() {
        let recorder = Recorder()
        let line = Self.line(recorder)
        recorder.now += 0.5
        line.report(.fileScanned(total: 3))
        line.report(.phase("building graphs"))
        line.finish()
        #expect(recorder.written.isEmpty)
    }

    @Test func afterASecondUpdatesOneLineAndErasesIt() {
        let recorder = Recorder()
        let line = Self.line(recorder)
        line.report(.fileScanned(total: 3))
        recorder.now += 1.2
        line.report(.fileScanned(total: 3))
        // Within the redraw interval: skipped.
        line.report(.fileScanned(total: 3))
        recorder.now += 0.2
        line.report(.phase("checking rules"))
        line.finish()
        #expect(recorder.written == [
            "\r\u{1B}[2Karchlint: 2/3 files scanned",
            "\r\u{1B}[2Karchlint: checking rules…",
            "\r\u{1B}[2K",
        ])
        // Nothing is drawn once finished (late events from worker threads).
        line.report(.phase("late"))
        #expect(recorder.written.count == 3)
    }

    /// Through a pseudo-terminal (`script` from util-linux): the line appears on a terminal and is erased; never
    /// with CI set or with --quiet.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func pseudoTerminalShowsTheLineUnlessCIOrQuiet() throws {
        let fixture = FixturePaths.fixtures.appendingPathComponent("demo").path
        func run(_ extra: String, ci: Bool) throws -> String {
            let command = "'\(FixturePaths.archlintExecutable.path)' lint '\(fixture)' --no-cache \(extra)"
            var environment = ProcessInfo.processInfo.environment
            environment["CI"] = ci ? "true" : nil
            environment["TERM"] = "xterm"
            environment["ARCHLINT_PROGRESS_DELAY_MS"] = "0"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", command, "/dev/null"]
            process.environment = environment
            let out = Pipe()
            process.standardOutput = out
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 1)
            return String(decoding: data, as: UTF8.self)
        }
        let shown = try run("", ci: false)
        #expect(shown.contains("files scanned"), "\(shown)")
        #expect(shown.contains("\r\u{1B}[2K"))
        #expect(shown.contains("[cross-feature-import]"))
        let inCI = try run("", ci: true)
        #expect(!inCI.contains("files scanned") && !inCI.contains("\u{1B}[2K"), "\(inCI)")
        #expect(inCI.contains("[cross-feature-import]"))
        let quiet = try run("--quiet", ci: false)
        #expect(!quiet.contains("files scanned") && !quiet.contains("\u{1B}[2K"), "\(quiet)")
    }

    @Test func notATerminalNoLine() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        environment["ARCHLINT_PROGRESS_DELAY_MS"] = "0"
        let process = Process()
        process.executableURL = FixturePaths.archlintExecutable
        process.arguments = ["lint", FixturePaths.fixtures.appendingPathComponent("demo").path, "--no-cache"]
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(!stderr.contains("files scanned") && !stderr.contains("\u{1B}"), "\(stderr)")
    }
}
