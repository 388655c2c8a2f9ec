import ArchlintModel
import ChildProcesses
import Foundation
import SystemSupport

/// Runs one graphviz attempt in a child process of archlint's own binary (its hidden `__render` command),
/// which links libgvc in-process like the parent: no `dot` executable is ever run. The DOT text goes in a
/// temporary file, the picture comes back in another; a crash (graphviz aborts on some inputs), a hang or an
/// unexpected status is a failed attempt, and the parent goes on with the next fallback.
public struct GraphvizChild: Sendable {
    /// The hidden subcommand the child runs.
    public static let command = "__render"
    /// Overrides which binary renders (tests, or an archlint binary that isn't named `archlint`).
    public static let executableVariable = "ARCHLINT_RENDER_EXECUTABLE"
    /// Seconds of CPU time before an attempt is stopped (default 120).
    public static let timeoutVariable = "ARCHLINT_RENDER_TIMEOUT"
    /// Test hook read by the child: `crash`, `hang` (waits without using CPU) or `spin` (uses CPU), optionally
    /// `:layout-splines` (e.g. `crash:dot-spline`) to hit one attempt only.
    public static let faultVariable = "ARCHLINT_RENDER_FAULT"
    public static let defaultTimeoutSeconds = 120

    public var executable: URL
    /// CPU seconds per attempt: a busy machine slows graphviz down without stopping it.
    public var timeoutSeconds: Int
    /// Wall-clock seconds before an attempt is killed anyway (a child that waits on nothing).
    var wallSeconds: Int { Self.wallSeconds(cpuSeconds: timeoutSeconds) }

    static func wallSeconds(cpuSeconds: Int) -> Int { 5 * cpuSeconds + 10 }

    public init(executable: URL, timeoutSeconds: Int = GraphvizChild.defaultTimeoutSeconds) {
        self.executable = executable
        self.timeoutSeconds = max(1, timeoutSeconds)
    }

    /// The archlint binary to render with: `ARCHLINT_RENDER_EXECUTABLE` when set, else the running executable
    /// when it is `archlint` (or `requireName` is false, as for the CLI, which always is archlint). Nil when
    /// neither: render in-process.
    public static func locate(
        requireName: Bool = true, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> GraphvizChild? {
        let timeout = environment[timeoutVariable].flatMap { Int($0) } ?? defaultTimeoutSeconds
        if let override = environment[executableVariable], !override.isEmpty {
            return GraphvizChild(executable: URL(fileURLWithPath: override), timeoutSeconds: timeout)
        }
        guard let running = Bundle.main.executableURL?.resolvingSymlinksInPath(),
              !requireName || running.lastPathComponent == "archlint"
        else { return nil }
        return GraphvizChild(executable: running, timeoutSeconds: timeout)
    }

    // MARK: Parent

    func draw(dot: String, format: GraphvizFormat, attempt: GraphvizAttempt) -> Result<GraphvizDrawing, GraphvizAttemptFailure> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = ChildFiles(directory: directory)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(dot.utf8).write(to: files.input)
            let request = ChildRequest(format: format.rawValue, attempt: attempt, timeoutSeconds: timeoutSeconds)
            try JSONEncoder().encode(request).write(to: files.request)
        } catch {
            return .failure(.process(FoundationErrorText.describe(error)))
        }
        // cairo writes the PDF date in the local zone, "Z" or "+09'00" (a different length): UTC everywhere.
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        let outcome: ChildProcess.Outcome
        do {
            // graphviz's path planner prints "triangulation failed" straight to stderr: kept for the report.
            outcome = try ChildProcess.run(ChildProcess.Request(
                executable: executable.path, arguments: [Self.command, directory.path], environment: environment,
                timeoutSeconds: wallSeconds, discardOutput: true))
        } catch .timedOut {
            return .failure(.timedOut(seconds: wallSeconds, clock: .wall))
        } catch {
            return .failure(.process(error.description))
        }
        let log = outcome.standardError + Self.untriedLibrary(files)
        if case .signalled(let signal) = outcome.termination {
            if signal == CPUTimeLimit.signal { return .failure(.timedOut(seconds: timeoutSeconds, clock: .cpu)) }
            return .failure(.crashed("signal \(signal)" + Self.lastLines(log)))
        }
        guard let data = try? Data(contentsOf: files.response),
              let response = try? JSONDecoder().decode(ChildResponse.self, from: data)
        else {
            return .failure(.crashed("\(outcome.statusText), no result" + Self.lastLines(log)))
        }
        if let error = response.error {
            return .failure(.graphviz(GraphvizError(
                stage: GraphvizError.Stage(rawValue: error.stage) ?? .render, message: error.message,
                missingPlugin: error.missingPlugin)))
        }
        guard outcome.succeeded, let bytes = try? Data(contentsOf: files.output) else {
            return .failure(.crashed("\(outcome.statusText)" + Self.lastLines(log)))
        }
        return .success(GraphvizDrawing(bytes: [UInt8](bytes), undrawnEdges: response.undrawnEdges, messages: response.messages))
    }

    /// What the child wrote before drawing with a Graphviz newer than archlint knows, as a last log line.
    private static func untriedLibrary(_ files: ChildFiles) -> String {
        guard let text = try? String(contentsOf: files.library, encoding: .utf8), !text.isEmpty else { return "" }
        return "\n" + text
    }

    /// The child's last stderr lines (graphviz's own words), for the failure message.
    private static func lastLines(_ log: String) -> String {
        let lines = log.split(separator: "\n").suffix(3).map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.isEmpty ? "" : "; graphviz said: " + lines.joined(separator: " / ")
    }

    // MARK: Child

    /// The child's side: reads the request in `directory`, draws in-process, writes the picture and the
    /// response, and returns the exit status (0 drawn, 1 graphviz error). A crash in graphviz ends the process.
    public static func serve(directory: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let files = ChildFiles(directory: URL(fileURLWithPath: directory))
        guard let data = try? Data(contentsOf: files.request),
              let request = try? JSONDecoder().decode(ChildRequest.self, from: data),
              let format = GraphvizFormat(rawValue: request.format),
              let dot = try? String(contentsOf: files.input, encoding: .utf8)
        else {
            FileHandle.standardError.write(Data("archlint \(command): no render request in \(directory)\n".utf8))
            return 2
        }
        CPUTimeLimit.set(seconds: request.timeoutSeconds)
        // Dies on its own if the parent is gone and can't kill it: at once when it notices, else at the alarm.
        alarm(UInt32(wallSeconds(cpuSeconds: request.timeoutSeconds) + 10))
        stopWhenOrphaned()
        // A crash must still say which Graphviz it was, when archlint doesn't know that version.
        if case .success(let library) = GraphvizLibrary.shared, library.isNewerThanKnown {
            try? Data("with \(library.description), newer than the \(GraphvizLibrary.knownVersions) archlint knows".utf8)
                .write(to: files.library)
        }
        injectFault(environment[faultVariable], attempt: request.attempt)
        var response: ChildResponse
        var status: Int32 = 0
        do {
            let drawing = try Graphviz.draw(dot: dot, format: format, layout: request.attempt.layout, splines: request.attempt.splines)
            try Data(drawing.bytes).write(to: files.output)
            response = ChildResponse(undrawnEdges: drawing.undrawnEdges, messages: drawing.messages, error: nil)
        } catch let error as GraphvizError {
            response = ChildResponse(
                undrawnEdges: 0, messages: "",
                error: .init(stage: error.stage.rawValue, message: error.message, missingPlugin: error.missingPlugin))
            status = 1
        } catch {
            FileHandle.standardError.write(Data("archlint \(command): \(FoundationErrorText.describe(error))\n".utf8))
            return 2
        }
        do { try JSONEncoder().encode(response).write(to: files.response) } catch { return 2 }
        return status
    }

    /// A parent killed by a signal (`timeout`, Ctrl-C) leaves nobody waiting for the picture: the child exits
    /// within a second of being handed to another parent, rather than drawing on for up to its CPU limit.
    private static func stopWhenOrphaned() {
        let parent = getppid()
        Thread.detachNewThread {
            while true {
                sleep(1)
                if getppid() != parent { _exit(3) }
            }
        }
    }

    private static func injectFault(_ fault: String?, attempt: GraphvizAttempt) {
        guard let fault, !fault.isEmpty else { return }
        let parts = fault.split(separator: ":", maxSplits: 1).map(String.init)
        if parts.count == 2 && parts[1] != "\(attempt.layout.rawValue)-\(attempt.splines?.rawValue ?? "spline")" { return }
        switch parts[0] {
        case "crash": abort()
        case "hang": while true { sleep(60) }
        case "spin": while true { _ = getpid() }
        default: return
        }
    }
}

private struct ChildFiles {
    var directory: URL
    var request: URL { directory.appendingPathComponent("request.json") }
    var input: URL { directory.appendingPathComponent("input.dot") }
    var output: URL { directory.appendingPathComponent("output") }
    var response: URL { directory.appendingPathComponent("response.json") }
    var library: URL { directory.appendingPathComponent("library.txt") }
}

private struct ChildRequest: Codable {
    var format: String
    var attempt: GraphvizAttempt
    var timeoutSeconds: Int
}

private struct ChildResponse: Codable {
    struct Failure: Codable {
        var stage: String
        var message: String
        var missingPlugin: Bool
    }
    var undrawnEdges: Int
    var messages: String
    var error: Failure?
}
