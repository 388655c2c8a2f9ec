import ArchlintKit
import ArchlintModel
import Foundation
import Reporting
import Rules
import Testing

/// Issue 33.7: one `FindingsPolicy` decides which rules are on; `graph` and `lint` read it, so they agree.
@Suite struct FindingsPolicyTests {
    final class CollectedOutput: LintOutput {
        var printed = ""
        func standardOutput(_ text: String) { printed += text }
        func message(_ text: String) {}
        func closingLine(_ text: String) {}
        func phase(_ name: String) {}
        func endProgress() {}
    }

    /// `undeclared-import` is off in the configuration; the RIBs rules are inactive (no file imports RIBs). A
    /// comment silencing each is not unused; `unused-dependency` stays on.
    static func writeFixture() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-policy-\(UUID().uuidString)")
        let files = [
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Shop",
                    targets: [
                        .target(name: "App", dependencies: ["Core", "Extra"]),
                        .target(name: "Core"),
                        .target(name: "Extra"),
                        .target(name: "Util"),
                    ]
                )

                """,
            ".archlint.yml": "rules:\n  undeclared-import: off\n",
            "Sources/App/App.swift": """
                import Core
                // archlint:disable:next undeclared-import
                import Util

                // archlint:disable:next view-router-shortcut
                struct AppView {}

                """,
            "Sources/Core/Core.swift": "public struct Core {}\n",
            "Sources/Extra/Extra.swift": "public struct Extra {}\n",
            "Sources/Util/Util.swift": "public struct Util {}\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func graphAndLintAgreeOnWhichRulesAreActive() throws {
        let root = try Self.writeFixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let options = AnalyzerOptions(scan: .init(useCache: false))

        // What `graph` draws: the analysis filtered under its policy.
        let analysis = try Analyzer.analyze(root: root.path, options: options)
        let policy = analysis.policy
        #expect(policy.severity(for: "undeclared-import") == nil)
        #expect(policy.severity(for: "view-router-shortcut") == nil)
        #expect(policy.severity(for: "unused-dependency") == .warning)
        #expect(policy.inactiveRuleIDs.isSuperset(of: ["undeclared-import", "view-router-shortcut", "builder-anyview"]))
        let drawn = FindingGrouping.group(analysis.filtered().reported).map { "\($0.rule) \($0.location.file):\($0.location.line)" }

        // What `lint` reports.
        var request = LintRequest(root: root.path, options: options)
        request.format = JSONReporter.name
        let output = CollectedOutput()
        _ = try LintSession.run(request, output: output)
        let json = try #require(JSONSerialization.jsonObject(with: Data(output.printed.utf8)) as? [String: Any])
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        let reported = diagnostics.compactMap { entry -> String? in
            guard let rule = entry["rule"] as? String, let file = entry["file"] as? String, let line = entry["line"] as? Int else { return nil }
            return "\(rule) \(file.hasPrefix(root.path + "/") ? String(file.dropFirst(root.path.count + 1)) : file):\(line)"
        }

        #expect(drawn.sorted() == reported.sorted())
        #expect(drawn.contains { $0.hasPrefix("unused-dependency ") }, "\(drawn)")
        // Neither calls the comments about rules that don't run here unused.
        #expect(!drawn.contains { $0.hasPrefix("unused-suppression") }, "\(drawn)")
        #expect(!drawn.contains { $0.hasPrefix("undeclared-import") })
    }
}
