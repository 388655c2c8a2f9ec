import ArchlintKit
import ArchlintTestSupport
import Foundation
import Reporting
import Testing
import Workspace

/// `LintSession` runs `lint` without the command line: what it writes, where, and the exit status.
@Suite struct LintSessionTests {
    final class CollectedOutput: LintOutput {
        var events: [String] = []
        func standardOutput(_ text: String) { events.append("out:" + text) }
        func message(_ text: String) { events.append("message:" + text) }
        func closingLine(_ text: String) { events.append("closing:" + text) }
        func phase(_ name: String) { events.append("phase:" + name) }
        func endProgress() {}
    }

    private let root = FixturePaths.fixtures.appendingPathComponent("feature-imports").path

    private func request(_ configure: (inout LintRequest) -> Void = { _ in }) -> LintRequest {
        var request = LintRequest(root: root, options: AnalyzerOptions(scan: .init(useCache: false)))
        configure(&request)
        return request
    }

    @Test func findingsGoToStandardOutputAndDecideTheExitStatus() throws {
        let output = CollectedOutput()
        let outcome = try LintSession.run(request(), output: output)
        #expect(outcome.exitStatus == ExitStatus.violations)
        let printed = output.events.filter { $0.hasPrefix("out:") }
        // The findings, then which rule groups ran and why.
        #expect(printed.first?.contains("[cross-feature-import]") == true)
        #expect(printed.dropFirst().allSatisfy { $0.contains("rules") && !$0.contains("[cross-feature-import]") }, "\(printed)")
    }

    @Test func everyReportComesFromTheSameFindings() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let jsonPath = directory.appendingPathComponent("nested/report.json").path
        let output = CollectedOutput()
        let outcome = try LintSession.run(request {
            $0.format = JSONReporter.name
            $0.reports = [ReportDestination(format: "sarif", path: "-"), ReportDestination(format: "json", path: jsonPath)]
        }, output: output)
        #expect(outcome.exitStatus == ExitStatus.violations)
        let written = try String(contentsOfFile: jsonPath, encoding: .utf8)
        let printed = output.events.filter { $0.hasPrefix("out:") }.map { String($0.dropFirst(4)) }
        // The SARIF report to "-" first, then the stdout format, which equals the JSON file.
        #expect(printed.count == 2)
        #expect(printed.first?.contains("\"$schema\"") == true)
        #expect(printed.last == written)
    }

    @Test func changedFilesThatTouchNoFindingPass() throws {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-changed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: list) }
        try "README.md\n".write(to: list, atomically: true, encoding: .utf8)
        let outcome = try LintSession.run(request { $0.changedFiles = .list(path: list.path) }, output: CollectedOutput())
        #expect(outcome.exitStatus == ExitStatus.success)
    }

    @Test func anUnreadableBaselineIsALintFailure() {
        #expect {
            try LintSession.run(request { $0.baselinePath = "/nonexistent/archlint-baseline.json" }, output: CollectedOutput())
        } throws: { error in
            (error as? LintFailure)?.description.contains("/nonexistent/archlint-baseline.json") == true
        }
    }
}
