import ChildProcesses
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs tests of the running test bundle again in a child process. For what can't be staged inside the shared
/// test process: a changed environment (an emptied PATH would race with tests that spawn programs; libgvc reads
/// its plugin directory once per process), or inputs that used to crash or exhaust memory, so that a regression
/// fails one test instead of killing the whole run.
public struct ChildTestRun: Sendable {
    /// Set to "1" in the child: the test body runs its "inside" half.
    public let marker: String

    public init(marker: String) {
        self.marker = marker
    }

    public var isChild: Bool { ProcessInfo.processInfo.environment[marker] == "1" }

    public static var isSupported: Bool { FileManager.default.isExecutableFile(atPath: "/proc/self/exe") }

    public struct Outcome: Sendable {
        /// The exit status, or the signal number when `signalled`.
        public var status: Int32
        public var signalled: Bool
        /// Standard output, then standard error.
        public var output: String
        public var seconds: Double
        public var timedOut: Bool
        /// The child's own peak resident memory in bytes, as it reported it with `reportPeakMemory()`; nil when
        /// it didn't. (Not `RUSAGE_CHILDREN`: that is the largest child this process ever waited for, whichever
        /// test started it.)
        public var peakBytes: Int? {
            guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix(ChildTestRun.peakPrefix) }) else {
                return nil
            }
            return Int(line.dropFirst(ChildTestRun.peakPrefix.count))
        }
    }

    /// Runs the tests matching `filter` in a child with `environment` changes, killed after `timeLimit` seconds.
    public func run(filter: String, environment changes: [String: String] = [:], timeLimit: Int? = nil) throws -> Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(changes) { $1 }
        environment[marker] = "1"
        let start = Date()
        let request = ChildProcess.Request(
            executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path,
            arguments: ["--testing-library", "swift-testing", "--filter", filter], environment: environment,
            timeoutSeconds: timeLimit)
        do {
            let outcome = try ChildProcess.run(request)
            let (status, signalled): (Int32, Bool) = switch outcome.termination {
            case .exited(let code): (code, false)
            case .signalled(let signal): (signal, true)
            }
            return Outcome(
                status: status, signalled: signalled,
                output: String(decoding: outcome.standardOutput, as: UTF8.self) + outcome.standardError,
                seconds: Date().timeIntervalSince(start), timedOut: false)
        } catch {
            guard case .timedOut = error else { throw error }
            return Outcome(status: 9, signalled: true, output: "", seconds: Date().timeIntervalSince(start), timedOut: true)
        }
    }

    static let peakPrefix = "archlint-child-peak-bytes: "

    /// In the child: prints this process's peak resident memory so far (`VmHWM`), for the parent's `peakBytes`.
    public static func reportPeakMemory() {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return }
        print(peakPrefix + String(kilobytes * 1024))
        fflush(nil)
    }
}
