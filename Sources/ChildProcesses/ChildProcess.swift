import Foundation
import SystemSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way archlint runs another program (`git`, `swift package dump-package`, its own `__render` child).
/// Standard output and standard error are drained together, each on its own thread (a child that fills one pipe
/// while archlint reads the other can't block), a time limit kills the child, and what is kept of its output is
/// bounded.
///
/// Synchronous on purpose. archlint's pipeline is synchronous, and swift-subprocess (async only) would have to
/// be bridged with a blocked thread waiting on a task: when the caller is itself on Swift concurrency's
/// cooperative pool (every swift-testing test is), a few such waits on a 2-core machine exhaust the pool and
/// deadlock. Foundation's `Process` plus two reader threads has no such hazard.
public enum ChildProcess {
    /// What to run.
    public struct Request: Sendable {
        /// A path (containing `/`) or a name looked up on `PATH`.
        public var executable: String
        public var arguments: [String]
        /// The child's whole environment; nil: archlint's own.
        public var environment: [String: String]?
        /// Seconds before the child is killed; nil: no limit.
        public var timeoutSeconds: Int?
        /// Bytes of standard output kept; more is an error (`outputTooLarge`).
        public var outputLimit: Int
        /// Bytes of standard error kept; more is an error.
        public var errorLimit: Int
        /// Discard standard output (the child writes its result to a file).
        public var discardOutput: Bool
        /// The child's standard input (read from a temporary file, so a child that stops reading can't block
        /// archlint or end it with SIGPIPE); nil: `/dev/null`.
        public var standardInput: [UInt8]?

        public init(
            executable: String, arguments: [String], environment: [String: String]? = nil, timeoutSeconds: Int? = nil,
            outputLimit: Int = 256 << 20, errorLimit: Int = 16 << 20, discardOutput: Bool = false,
            standardInput: [UInt8]? = nil
        ) {
            self.standardInput = standardInput
            self.executable = executable
            self.arguments = arguments
            self.environment = environment
            self.timeoutSeconds = timeoutSeconds
            self.outputLimit = outputLimit
            self.errorLimit = errorLimit
            self.discardOutput = discardOutput
        }
    }

    /// How the child ended, and what it wrote.
    public struct Outcome: Sendable {
        public enum Termination: Sendable, Equatable {
            case exited(Int32)
            case signalled(Int32)
        }

        public var termination: Termination
        public var standardOutput: [UInt8]
        public var standardError: String

        public var succeeded: Bool { termination == .exited(0) }

        /// `exit status 3` / `signal 9`.
        public var statusText: String {
            switch termination {
            case .exited(let code): "exit status \(code)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The program could not be started (missing, not executable, …).
        case launchFailed(String)
        /// It ran longer than the request allows and was killed.
        case timedOut(seconds: Int)
        /// It wrote more than the request keeps.
        case outputTooLarge(String)

        public var description: String {
            switch self {
            case .launchFailed(let reason): reason
            case .timedOut(let seconds): "killed after \(seconds) s"
            case .outputTooLarge(let reason): reason
            }
        }
    }

    /// The first executable file called `name` in `searchPath`'s directories, as a shell finds it; remembered per
    /// name and search path (a diff runs git a dozen times).
    private static func executable(named name: String, searchPath: String) -> String? {
        let key = name + "\u{0}" + searchPath
        executablesLock.lock()
        let known = executables[key]
        executablesLock.unlock()
        if let known { return known }
        for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
            var status = stat()
            guard stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0
            else { continue }
            executablesLock.lock()
            executables[key] = candidate
            executablesLock.unlock()
            return candidate
        }
        return nil
    }

    private static let executablesLock = NSLock()
    nonisolated(unsafe) private static var executables: [String: String] = [:]

    /// A temporary file holding `bytes`, open for reading from its start; the caller closes and removes it.
    private static func inputFile(_ bytes: [UInt8]) throws(Failure) -> (handle: FileHandle, path: String) {
        let directory = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((directory + "archlint-input-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .launchFailed("cannot create a temporary file under \(directory)") }
        let path = String(cString: template)
        close(descriptor)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return (try FileHandle(forReadingFrom: URL(fileURLWithPath: path)), path)
        } catch {
            unlink(path)
            throw .launchFailed("cannot write a temporary file under \(directory): \(FoundationErrorText.describe(error))")
        }
    }

    public static func run(_ request: Request) throws(Failure) -> Outcome {
        let process = Process()
        let searchPath = (request.environment ?? ProcessInfo.processInfo.environment)["PATH"] ?? ""
        if request.executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: request.executable)
            process.arguments = request.arguments
        } else if let found = executable(named: request.executable, searchPath: searchPath) {
            process.executableURL = URL(fileURLWithPath: found)
            process.arguments = request.arguments
        } else {
            // Not found: `env` says so in its own words.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [request.executable] + request.arguments
        }
        if let environment = request.environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        let input = try request.standardInput.map { bytes throws(Failure) in try inputFile(bytes) }
        defer {
            if let input {
                try? input.handle.close()
                unlink(input.path)
            }
        }
        process.standardInput = input?.handle ?? FileHandle.nullDevice
        process.standardOutput = request.discardOutput ? FileHandle.nullDevice : output
        process.standardError = errors
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw .launchFailed("cannot run \(request.executable): \(FoundationErrorText.describe(error))")
        }
        let drained = DispatchGroup()
        let keptOutput = BoundedReader(limit: request.outputLimit)
        let keptErrors = BoundedReader(limit: request.errorLimit)
        if !request.discardOutput {
            DispatchQueue.global().async(group: drained) { keptOutput.drain(output.fileHandleForReading) }
        }
        DispatchQueue.global().async(group: drained) { keptErrors.drain(errors.fileHandleForReading) }

        var timedOut = false
        if let seconds = request.timeoutSeconds {
            if finished.wait(timeout: .now() + .seconds(seconds)) == .timedOut {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        } else {
            finished.wait()
        }
        // A killed child's own children may still hold the pipes: its readers are left to finish on their own.
        if timedOut, let seconds = request.timeoutSeconds { throw .timedOut(seconds: seconds) }
        // The pipes reach end of file once the child and every process it left holding them are gone.
        drained.wait()
        // Closed here, not left to the handles' deallocation: `Process` keeps its pipes alive past the run, so a
        // long-lived caller (the test suite, thousands of git runs) would otherwise run out of descriptors.
        try? output.fileHandleForReading.close()
        try? errors.fileHandleForReading.close()
        if keptOutput.overflowed {
            throw .outputTooLarge("\(request.executable) wrote more than \(request.outputLimit) bytes of output")
        }
        let termination: Outcome.Termination = process.terminationReason == .uncaughtSignal
            ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
        return Outcome(
            termination: termination, standardOutput: keptOutput.bytes,
            standardError: String(decoding: keptErrors.bytes, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a reader thread, keeping at most `limit` bytes (the rest is read and dropped, so
/// the child never blocks on a full pipe). The caller reads the result only after the reader's group is done.
private final class BoundedReader: @unchecked Sendable {
    private let limit: Int
    private(set) var bytes: [UInt8] = []
    private(set) var overflowed = false

    init(limit: Int) {
        self.limit = limit
    }

    func drain(_ handle: FileHandle) {
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return }
            let room = limit - bytes.count
            if chunk.count > room {
                overflowed = true
                bytes += chunk.prefix(max(0, room))
            } else {
                bytes += chunk
            }
        }
    }
}
