import Foundation

/// Runs tests of this test bundle again in a child process, with a changed environment. For what can't be
/// staged inside the shared test process: an emptied PATH (would race with tests that spawn programs) and
/// graphviz's plugin directory (libgvc reads it once per process).
enum ChildTestRun {
    /// Set in the child: the test body runs its "inside" half.
    static let marker = "ARCHLINT_RENDERING_CHILD_TEST"

    static var isChild: Bool { ProcessInfo.processInfo.environment[marker] == "1" }

    static var isSupported: Bool { FileManager.default.isExecutableFile(atPath: "/proc/self/exe") }

    /// Runs the tests matching `filter` in a child; returns its exit status and combined output.
    static func run(filter: String, environment changes: [String: String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        var environment = ProcessInfo.processInfo.environment
        environment.merge(changes) { $1 }
        environment[marker] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
