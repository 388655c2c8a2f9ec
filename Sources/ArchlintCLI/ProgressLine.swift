import Foundation
import Workspace

/// One updating line on stderr for runs longer than a second: "archlint: 1234/4076 files scanned", then the phase.
/// Cleared before the results are printed. Shown only to a person at a terminal (see `shouldShow`).
final class ProgressLine: @unchecked Sendable {
    /// Nothing is drawn before the run has lasted this long (short runs never flicker).
    static let defaultDelay: TimeInterval = 1
    /// At most one redraw per interval.
    static let redrawInterval: TimeInterval = 0.1

    /// Whether a run should show the line: stderr is a terminal, no `CI` variable (CI logs keep every `\r`),
    /// no `--quiet`, and a terminal that understands the erase sequence.
    static func shouldShow(stderrIsTerminal: Bool, environment: [String: String], quiet: Bool) -> Bool {
        guard stderrIsTerminal, !quiet else { return false }
        if let ci = environment["CI"], !ci.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// The line for this process, or nil when it shouldn't show.
    static func forCurrentProcess(quiet: Bool) -> ProgressLine? {
        let environment = ProcessInfo.processInfo.environment
        guard shouldShow(stderrIsTerminal: isatty(STDERR_FILENO) == 1, environment: environment, quiet: quiet) else {
            return nil
        }
        // For the pty test only: how long to wait before drawing, in milliseconds.
        let delay = environment["ARCHLINT_PROGRESS_DELAY_MS"].flatMap(Double.init).map { $0 / 1000 } ?? defaultDelay
        return ProgressLine(delay: delay) { FileHandle.standardError.write(Data($0.utf8)) }
    }

    private let lock = NSLock()
    private let delay: TimeInterval
    private let clock: () -> TimeInterval
    private let write: (String) -> Void
    private let start: TimeInterval
    private var lastDraw: TimeInterval?
    private var scanned = 0
    private var drawn = false
    private var finished = false

    init(delay: TimeInterval = defaultDelay, clock: @escaping () -> TimeInterval = { Date().timeIntervalSince1970 },
         write: @escaping (String) -> Void) {
        self.delay = delay
        self.clock = clock
        self.write = write
        self.start = clock()
    }

    /// For `ScanOptions.progress`.
    func report(_ progress: ScanProgress) {
        lock.lock()
        defer { lock.unlock() }
        let text: String
        let force: Bool
        switch progress {
        case .fileScanned(let total):
            scanned += 1
            text = "archlint: \(scanned)/\(total) files scanned"
            force = false
        case .phase(let phase):
            text = "archlint: \(phase)…"
            force = true
        }
        let now = clock()
        guard !finished, now - start >= delay else { return }
        if !force, let lastDraw, now - lastDraw < Self.redrawInterval { return }
        lastDraw = now
        drawn = true
        write("\r\u{1B}[2K" + text)
    }

    /// A phase the command itself runs (writing reports).
    func phase(_ name: String) { report(.phase(name)) }

    /// Erases the line, if one was drawn, so that what follows starts on a clean line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { write("\r\u{1B}[2K") }
        drawn = false
        finished = true
    }
}
