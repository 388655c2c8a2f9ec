import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Hand-written posix_spawn and wait4, not Foundation's Process or swift-subprocess: the bench reports the child's
// own peak RSS, which only wait4's rusage gives (neither of them returns it).

/// One run of a child process: wall time, peak resident set size (from `wait4`'s rusage, so it is the child's
/// own peak, not the benchmark's) and exit status.
struct ChildRun: Codable {
    var seconds: Double
    var peakRSSBytes: Int
    var exitStatus: Int32
}

enum MeasuredChildError: Error, CustomStringConvertible {
    case spawnFailed(String, Int32)
    case crashed(String, Int32)

    var description: String {
        switch self {
        case .spawnFailed(let path, let code): "could not start \(path) (errno \(code))"
        case .crashed(let path, let status): "\(path) ended abnormally (wait status \(status))"
        }
    }
}

enum MeasuredChild {
    /// Runs `executable arguments…` with stdout and stderr sent to files (nil: inherited), and waits for it.
    static func run(_ executable: String, _ arguments: [String], stdout: String?, stderr: String?) throws -> ChildRun {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdout { posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        if let stderr { posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // This process's environment (Darwin's Swift module doesn't export the C global), sorted for a stable order.
        let environment: [UnsafeMutablePointer<CChar>?] =
            ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environment { free(pointer) } }

        let clock = ContinuousClock()
        let start = clock.now
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        guard result == 0 else { throw MeasuredChildError.spawnFailed(executable, result) }

        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = clock.now - start

        // WIFEXITED / WEXITSTATUS, which Swift doesn't import as macros.
        guard status & 0x7f == 0 else { throw MeasuredChildError.crashed(executable, status) }
        return ChildRun(seconds: elapsed.seconds, peakRSSBytes: maxRSSBytes(usage), exitStatus: (status >> 8) & 0xff)
    }

    /// Peak RSS of this process so far.
    static func selfPeakRSSBytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)  // an enum in Glibc's module, a macro elsewhere
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return maxRSSBytes(usage)
    }

    private static func maxRSSBytes(_ usage: rusage) -> Int {
        #if canImport(Darwin)
        Int(usage.ru_maxrss)  // bytes on Darwin
        #else
        Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
    }
}

extension Duration {
    var seconds: Double {
        // Destructured: `Duration.attoseconds` (an Int128 property) is macOS 15, the tuple's element macOS 13.
        let (wholeSeconds, attoseconds) = components
        return Double(wholeSeconds) + Double(attoseconds) / 1e18
    }
}
