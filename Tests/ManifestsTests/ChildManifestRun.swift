import Foundation

/// Runs one test of this bundle again in a child process, for manifests that used to crash the reader (a stack
/// overflow) or exhaust memory: a regression then fails that test instead of killing the whole test run.
/// (The same pattern as RenderingTests' `ChildTestRun`, with a time limit and the child's peak memory.)
enum ChildManifestRun {
    static let marker = "ARCHLINT_MANIFEST_CHILD_TEST"

    static var isChild: Bool { ProcessInfo.processInfo.environment[marker] == "1" }

    static var isSupported: Bool { FileManager.default.isExecutableFile(atPath: "/proc/self/exe") }

    struct Outcome {
        var status: Int32
        var output: String
        var seconds: Double
        var timedOut: Bool
        /// Peak resident memory of the largest child so far, in bytes.
        var peakBytes: Int
    }

    /// Runs the tests matching `filter` in a child, killing it after `timeLimit` seconds.
    static func run(filter: String, timeLimit: Double) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        var environment = ProcessInfo.processInfo.environment
        environment[marker] = "1"
        process.environment = environment
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-child-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        let start = Date()
        try process.run()
        var timedOut = false
        while process.isRunning {
            if Date().timeIntervalSince(start) > timeLimit {
                timedOut = true
                process.terminate()
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.waitUntilExit()
        try handle.close()
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return Outcome(status: process.terminationStatus, output: text, seconds: Date().timeIntervalSince(start),
                       timedOut: timedOut, peakBytes: Int(usage.ru_maxrss) * 1024)
    }
}
