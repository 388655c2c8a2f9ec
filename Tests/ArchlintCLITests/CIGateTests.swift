import ArchlintTestSupport
import Foundation
import Reporting
import Testing

/// The CI-gate contract end to end, through the built binary: the exit code depends on what is reported,
/// never on the format; `--strict`, `--baseline` and `--changed` change it the documented way.
@Suite struct CIGateTests {
    static let formats = Reporters.names

    /// A package with one cross-feature import (error) and one unused dependency (warning).
    static func makeRepository(warningOnly: Bool = false) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-gate-\(UUID().uuidString)")
        let files: [String: String] = [
            "Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription

                let package = Package(
                    name: "Gate",
                    targets: [
                        .target(name: "Common"),
                        .target(name: "GachaFeature", dependencies: ["Common"]),
                        .target(name: "HomeFeature", dependencies: [\(warningOnly ? "" : "\"GachaFeature\", ")"Common"]),
                    ]
                )

                """,
            "Sources/Common/Common.swift": "public struct Shared {}\n",
            "Sources/GachaFeature/Gacha.swift": "import Common\n\npublic struct Gacha {}\n",
            "Sources/HomeFeature/Home.swift": warningOnly ? "public struct Home {}\n" : "import GachaFeature\n\npublic struct Home {}\n",
        ]
        for (path, content) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    static func git(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=archlint", "-c", "user.email=archlint@example.com"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
    }

    @Test(arguments: formats)
    func errorsExitOneInEveryFormat(format: String) throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ProcessResult.archlint(["lint", root.path, "--format", format, "--no-cache"])
        #expect(result.status == 1, "\(format): \(result.stderr)")
        #expect(result.stdout.contains("cross-feature-import"), "\(format) output doesn't name the rule")
    }

    @Test(arguments: formats)
    func warningsExitZeroUnlessStrictInEveryFormat(format: String) throws {
        let root = try Self.makeRepository(warningOnly: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let relaxed = try ProcessResult.archlint(["lint", root.path, "--format", format, "--no-cache"])
        #expect(relaxed.status == 0, "\(format): \(relaxed.stderr)")
        #expect(relaxed.stdout.contains("unused-dependency"))
        let strict = try ProcessResult.archlint(["lint", root.path, "--format", format, "--strict", "--no-cache"])
        #expect(strict.status == 1, "\(format) --strict: \(strict.stderr)")
    }

    @Test func severalReportsFromOneRunShareTheExitCode() throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let sarif = root.appendingPathComponent("out/report.sarif").path
        let junit = root.appendingPathComponent("out/report.xml").path
        let result = try ProcessResult.archlint([
            "lint", root.path, "--format", "json", "--report", "sarif:\(sarif)", "--report", "junit:\(junit)", "--no-cache",
        ])
        #expect(result.status == 1)
        #expect(try String(contentsOfFile: sarif, encoding: .utf8).contains("\"ruleId\": \"cross-feature-import\""))
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("cross-feature-import"))
    }

    @Test func baselineRoundTripThroughTheCLI() throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let baseline = root.appendingPathComponent(".archlint-baseline.json").path
        let recorded = try ProcessResult.archlint(["baseline", root.path, "--output", baseline, "--no-cache"])
        #expect(recorded.status == 0, "\(recorded.stderr)")

        let known = try ProcessResult.archlint(["lint", root.path, "--baseline", baseline, "--no-cache"])
        #expect(known.status == 0, "\(known.stdout)")
        #expect(known.stdout.contains("2 known violations ignored"), "counted as lint counts findings: the declaration and import of one edge are one")

        // Shift every line: keys never use line numbers.
        let home = root.appendingPathComponent("Sources/HomeFeature/Home.swift")
        try ("\n\n" + String(contentsOf: home, encoding: .utf8)).write(to: home, atomically: true, encoding: .utf8)
        let manifest = root.appendingPathComponent("Package.swift")
        try ("\n" + String(contentsOf: manifest, encoding: .utf8)).write(to: manifest, atomically: true, encoding: .utf8)
        #expect(try ProcessResult.archlint(["lint", root.path, "--baseline", baseline, "--no-cache"]).status == 0)

        // A new violation fails, and only it is reported.
        let gacha = root.appendingPathComponent("Sources/GachaFeature/Gacha.swift")
        try "import Common\nimport HomeFeature\n\npublic struct Gacha {}\n".write(to: gacha, atomically: true, encoding: .utf8)
        let new = try ProcessResult.archlint(["lint", root.path, "--baseline", baseline, "--format", "json", "--no-cache"])
        #expect(new.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(new.stdout.utf8)) as? [String: Any]
        let files = (report?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        #expect(files.contains("Sources/GachaFeature/Gacha.swift"))
        #expect(!files.contains("Sources/HomeFeature/Home.swift"))
        #expect(new.stderr.contains("known violation"))

        // Fixing an old violation is reported as fixed; --strict-baseline fails until the file shrinks.
        try "public struct Gacha {}\n".write(to: gacha, atomically: true, encoding: .utf8)
        try "public struct Home {}\n".write(to: home, atomically: true, encoding: .utf8)
        let fixed = try ProcessResult.archlint(["lint", root.path, "--baseline", baseline, "--no-cache"])
        #expect(fixed.stdout.contains("no longer match"), "\(fixed.stdout)")
        let strict = try ProcessResult.archlint(["lint", root.path, "--baseline", baseline, "--strict-baseline", "--no-cache"])
        #expect(strict.status == 1)
        let pruned = try ProcessResult.archlint([
            "lint", root.path, "--baseline", baseline, "--strict-baseline", "--prune-baseline", "--no-cache",
        ])
        #expect(pruned.status == 0, "\(pruned.stdout)")
        #expect(pruned.stderr.contains("removed"))
        let afterPrune = try ProcessResult.archlint(["lint", root.path, "--baseline", baseline, "--strict-baseline", "--no-cache"])
        #expect(afterPrune.status == 0, "\(afterPrune.stdout)")
    }

    @Test func corruptBaselineExitsTwo() throws {
        let root = try Self.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let baseline = root.appendingPathComponent("broken.json")
        try "{\"tool\": \"archlint\", \"violations\": 3".write(to: baseline, atomically: true, encoding: .utf8)
        let result = try ProcessResult.archlint(["lint", root.path, "--baseline", baseline.path, "--no-cache"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a valid archlint baseline"))
    }

    @Test func changedReportsOnlyWhatTheStagedChangesTouch() throws {
        let root = try Self.makeRepository(warningOnly: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.git(["init", "-q"], in: root)
        try Self.git(["add", "-A"], in: root)
        try Self.git(["commit", "-q", "-m", "initial"], in: root)

        // Nothing staged: the existing warning lives in Package.swift, which didn't change.
        let clean = try ProcessResult.archlint(["lint", root.path, "--changed", "--strict", "--no-cache"])
        #expect(clean.status == 0, "\(clean.stdout)")

        // Stage a cross-feature import: reported, exit 1; the untouched manifest warning stays out.
        let home = root.appendingPathComponent("Sources/HomeFeature/Home.swift")
        try "import GachaFeature\n\npublic struct Home {}\n".write(to: home, atomically: true, encoding: .utf8)
        try Self.git(["add", "Sources/HomeFeature/Home.swift"], in: root)
        let staged = try ProcessResult.archlint(["lint", root.path, "--changed", "--no-cache"])
        #expect(staged.status == 1)
        #expect(staged.stdout.contains("Home.swift:1:1: error:"))
        #expect(!staged.stdout.contains("unused-dependency"))

        // Against a revision, and from a file list.
        let sinceHead = try ProcessResult.archlint(["lint", root.path, "--changed=HEAD", "--no-cache"])
        #expect(sinceHead.status == 1)
        let list = root.appendingPathComponent("changed.txt")
        try "Sources/GachaFeature/Gacha.swift\n".write(to: list, atomically: true, encoding: .utf8)
        let fromList = try ProcessResult.archlint(["lint", root.path, "--changed-files-from", list.path, "--no-cache"])
        #expect(fromList.status == 0, "\(fromList.stdout)")
    }
}
