import ArchlintKit
import ArchlintModel
import Foundation
import Rules
import Testing
@testable import Reporting

/// The baseline round trip through the real pipeline (Analyzer → suppressions → baseline), on a repository whose
/// modules come from the config so only the import rules speak. Enabled once the cross-feature-import rule exists.
@Suite(.enabled(if: RuleRegistry.rule(id: "cross-feature-import") != nil, "needs the cross-feature-import rule"))
struct PipelineBaselineTests {
    static let configuration = """
        modules:
          - {path: "Features/*/**", name: "$1"}

        """

    static let repository = [
        ".archlint.yml": configuration,
        "Features/ProfileInterface/ProfileBuildable.swift": "public protocol ProfileBuildable {}\n",
        "Features/ProfileFeature/ProfileBuilder.swift": "import ProfileInterface\n\npublic final class ProfileBuilder {}\n",
        "Features/ShopFeature/ShopView.swift": "import ProfileInterface\n\nstruct ShopView {}\n",
        "Features/GachaFeature/GachaView.swift": "import ProfileInterface\nimport ProfileFeature\n\nstruct GachaView {}\n",
        "Features/GachaFeature/GachaRouter.swift": "import ShopFeature\n\nfinal class GachaRouter {}\n",
    ]

    struct Run {
        var filtered: FilteredDiagnostics
        var exitStatus: Int32
    }

    static func lint(_ root: String, baseline: Baseline?) throws -> Run {
        let analysis = try Analyzer.analyze(root: root)
        let filtered = DiagnosticFilter.apply(
            analysis.diagnostics, workspace: analysis.workspace,
            suppressions: SuppressionFilter(policy: analysis.policy), baseline: baseline)
        let status = ExitStatus.compute(diagnostics: filtered.reported, strict: false, baseline: filtered.baseline, strictBaseline: false)
        return Run(filtered: filtered, exitStatus: status)
    }

    @Test func roundTrip() throws {
        let directory = try TemporaryDirectory("archlint-baseline")
        defer { directory.remove() }
        try directory.write(Self.repository)
        let root = directory.path

        // Record: the two cross-feature imports are errors, so without a baseline the lint fails.
        let initial = try Self.lint(root, baseline: nil)
        #expect(initial.exitStatus == 1)
        let crossFeature = initial.filtered.reported.filter { $0.rule == "cross-feature-import" }
        #expect(crossFeature.map(\.location.file).sorted() == ["Features/GachaFeature/GachaRouter.swift", "Features/GachaFeature/GachaView.swift"])
        let baselinePath = directory.url.appendingPathComponent(".archlint-baseline.json").path
        try Baseline(recording: initial.filtered.reported).write(to: baselinePath)
        let baseline = try Baseline.load(path: baselinePath)

        // With the baseline: nothing new, exit 0, everything counted as known.
        let known = try Self.lint(root, baseline: baseline)
        #expect(known.filtered.reported.isEmpty)
        #expect(known.exitStatus == 0)
        #expect(known.filtered.summary.knownViolationsIgnored == initial.filtered.reported.count)

        // A new violation is the only one reported.
        try directory.write(["Features/ShopFeature/ShopView.swift": "import ProfileInterface\nimport ProfileFeature\n\nstruct ShopView {}\n"])
        let added = try Self.lint(root, baseline: baseline)
        #expect(added.exitStatus == 1)
        #expect(added.filtered.reported.map { "\($0.rule) \($0.location.file):\($0.location.line)" }
            == ["cross-feature-import Features/ShopFeature/ShopView.swift:2"])

        // Shifting every line of every file keeps everything known.
        try directory.write(["Features/ShopFeature/ShopView.swift": "import ProfileInterface\n\nstruct ShopView {}\n"])
        for (path, content) in Self.repository where path.hasSuffix(".swift") {
            let current = try String(contentsOf: directory.url.appendingPathComponent(path), encoding: .utf8)
            #expect(current == content)
            try directory.write([path: "\n" + current])
        }
        let shifted = try Self.lint(root, baseline: baseline)
        #expect(shifted.filtered.reported.isEmpty)
        #expect(shifted.exitStatus == 0)
        #expect(shifted.filtered.baseline?.fixed.isEmpty == true)

        // Fixing one is reported as fixed, fails under --strict-baseline, and the rewritten baseline is smaller.
        try directory.write(["Features/GachaFeature/GachaRouter.swift": "\nfinal class GachaRouter {}\n"])
        let fixed = try Self.lint(root, baseline: baseline)
        #expect(fixed.exitStatus == 0)
        let fixedEntries = try #require(fixed.filtered.baseline?.fixed)
        #expect(fixedEntries.map(\.key.rule) == ["cross-feature-import"])
        #expect(fixedEntries.first?.key.subject.contains("ShopFeature") == true)
        #expect(ExitStatus.compute(diagnostics: fixed.filtered.reported, strict: false, baseline: fixed.filtered.baseline, strictBaseline: true) == 1)
        #expect(try #require(fixed.filtered.baseline?.shrunk).violationCount == baseline.violationCount - 1)
    }
}
