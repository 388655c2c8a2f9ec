import ChildProcesses
import Foundation
import Testing

@Suite struct ChildProcessTests {
    private func shell(_ script: String, timeout: Int? = nil, outputLimit: Int = 256 << 20) throws(ChildProcess.Failure) -> ChildProcess.Outcome {
        try ChildProcess.run(ChildProcess.Request(
            executable: "/bin/sh", arguments: ["-c", script], timeoutSeconds: timeout, outputLimit: outputLimit))
    }

    @Test func keepsBothStreamsAndTheExitStatus() throws {
        let outcome = try shell("printf out; printf err >&2; exit 3")
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "out")
        #expect(outcome.standardError == "err")
        #expect(outcome.termination == .exited(3))
        #expect(outcome.statusText == "exit status 3")
        #expect(!outcome.succeeded)
    }

    /// A child that writes megabytes to stderr before it writes stdout: a runner that reads one pipe at a time
    /// blocks forever here, because the child waits for room in the pipe nobody reads.
    @Test func aChildFloodingStandardErrorFirstFinishes() throws {
        let outcome = try shell("head -c 4000000 /dev/zero >&2; head -c 3000000 /dev/zero", timeout: 60)
        #expect(outcome.succeeded)
        #expect(outcome.standardError.utf8.count == 4_000_000)
        #expect(outcome.standardOutput.count == 3_000_000)
    }

    @Test func aHangingChildIsKilledAtTheTimeLimit() {
        let start = Date()
        #expect(throws: ChildProcess.Failure.timedOut(seconds: 1)) { try shell("exec sleep 30", timeout: 1) }
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func outputPastTheLimitIsAnErrorNotABlockedChild() {
        #expect {
            try shell("head -c 100000 /dev/zero", timeout: 60, outputLimit: 1000)
        } throws: { error in
            guard case ChildProcess.Failure.outputTooLarge(let reason)? = error as? ChildProcess.Failure else { return false }
            return reason.contains("1000 bytes")
        }
    }

    @Test func aSignalIsReportedAsOne() throws {
        let outcome = try shell("kill -9 $$")
        #expect(outcome.termination == .signalled(9))
        #expect(outcome.statusText == "signal 9")
    }

    @Test func aMissingProgramIsALaunchFailure() {
        #expect {
            try ChildProcess.run(ChildProcess.Request(executable: "/nonexistent/archlint-no-such-tool", arguments: []))
        } throws: { error in
            guard case ChildProcess.Failure.launchFailed(let reason)? = error as? ChildProcess.Failure else { return false }
            return reason.contains("/nonexistent/archlint-no-such-tool")
        }
    }

    @Test func aNameIsLookedUpOnPath() throws {
        let outcome = try ChildProcess.run(ChildProcess.Request(executable: "sh", arguments: ["-c", "printf found"]))
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "found")
    }

    @Test func theEnvironmentIsTheRequestsWhenGiven() throws {
        let outcome = try ChildProcess.run(ChildProcess.Request(
            executable: "/bin/sh", arguments: ["-c", "printf \"$ARCHLINT_PROBE\""], environment: ["ARCHLINT_PROBE": "given"]))
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "given")
    }

    @Test func standardInputIsGivenAndALargeOneIsReadWhole() throws {
        let small = try ChildProcess.run(ChildProcess.Request(
            executable: "/bin/sh", arguments: ["-c", "cat"], standardInput: Array("given\n".utf8)))
        #expect(String(decoding: small.standardOutput, as: UTF8.self) == "given\n")
        // Larger than a pipe's buffer, and a child that reads none of it: neither blocks.
        let large = [UInt8](repeating: 0x61, count: 1 << 20)
        #expect(try ChildProcess.run(ChildProcess.Request(
            executable: "/bin/sh", arguments: ["-c", "wc -c"], standardInput: large)).standardOutput
            == Array("1048576\n".utf8))
        #expect(try ChildProcess.run(ChildProcess.Request(
            executable: "/bin/sh", arguments: ["-c", "true"], standardInput: large)).succeeded)
    }

    /// Each run's pipes are closed when it returns: a caller that runs thousands of children (the test suite, a
    /// diff reading git) keeps its descriptor count flat. (Leaked pipes once crashed Foundation's `Process.run`
    /// after about 1,400 runs.)
    @Test func runsLeaveNoDescriptorsOpen() throws {
        func openDescriptors() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0 }
        guard FileManager.default.fileExists(atPath: "/proc/self/fd") else { return }
        let before = openDescriptors()
        for _ in 0..<300 { _ = try shell("printf x; printf y >&2") }
        // Other suites run beside this one and open files of their own; 300 leaking runs would add 600.
        #expect(openDescriptors() - before < 100)
    }
}
