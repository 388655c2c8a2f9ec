import Foundation
import Testing

/// The files that install archlint where CI can't run them (Homebrew, macOS runners, bash 3.2): what can be checked
/// on Linux is checked here: syntax, lint, and the artifact bundle's layout.
@Suite struct DistributionFilesTests {
    static let root = PortabilityTests.root

    struct Run {
        var status: Int32
        var output: String
    }

    static func run(_ arguments: [String], in directory: String = root) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    static func require(_ tool: String) throws {
        let found = try run(["sh", "-c", "command -v \(tool)"])
        try #require(found.status == 0, "\(tool) is missing: run scripts/bootstrap.sh --tests")
    }

    static let scripts = ["scripts/bootstrap.sh", "scripts/install.sh", "scripts/artifactbundle.sh",
                          "scripts/embed-presets.sh", "scripts/generate-rule-registry.sh", "scripts/fetch-mermaid.sh",
                          "scripts/libgvc.sh", ".ci/run"]

    @Test func scriptsAreShellcheckClean() throws {
        try Self.require("shellcheck")
        let result = try Self.run(["shellcheck"] + Self.scripts)
        #expect(result.status == 0, "\(result.output)")
    }

    /// `bash --posix` parses them (macOS's bash 3.2 itself can't run here; the scripts use no arrays and no bash 4).
    @Test func scriptsParseUnderBashPosix() throws {
        for script in Self.scripts {
            let result = try Self.run(["bash", "--posix", "-n", script])
            #expect(result.status == 0, "\(script): \(result.output)")
        }
        let arrays = try Self.run(["grep", "-nE", #"\[@\]|=\(|\+=\("#] + Self.scripts)
        #expect(arrays.status == 1, "arrays break macOS's bash 3.2 under set -u when empty:\n\(arrays.output)")
    }

    @Test func bootstrapIsQuietWhenEverythingIsThere() throws {
        let result = try Self.run(["bash", "--posix", "scripts/bootstrap.sh", "--tests"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "\(result.output)")
        let wrong = try Self.run(["bash", "scripts/bootstrap.sh", "--test"])
        #expect(wrong.status == 2 && wrong.output.contains("usage: scripts/bootstrap.sh [--tests]"), "\(wrong.output)")
    }

    @Test func theHomebrewFormulaIsValidRuby() throws {
        try Self.require("ruby")
        let result = try Self.run(["ruby", "-c", "Formula/archlint.rb"])
        #expect(result.status == 0 && result.output.contains("Syntax OK"), "\(result.output)")
        let formula = try String(contentsOfFile: Self.root + "/Formula/archlint.rb", encoding: .utf8)
        for part in [#"depends_on "graphviz""#, "man1.install", "generate_completions_from_executable", #"license "MIT""#,
                     #"head "https://github.com/OWNER/archlint.git", branch: "main""#] {
            #expect(formula.contains(part), "\(part)")
        }
        // The stable source is the tag of archlint's own version; nothing is guessed (no made-up revision or
        // checksum), and the build needs no pkg-config (libgvc is opened at run time).
        let model = try String(contentsOfFile: Self.root + "/Sources/ArchlintModel/LintReport.swift", encoding: .utf8)
        let version = try #require(model.firstMatch(of: /static let current = "([0-9.]+)"/)?.1)
        #expect(formula.contains(#"url "https://github.com/OWNER/archlint.git", tag: "v\#(version)""#), "\(version)")
        for placeholder in ["revision:", "sha256", "0000000", "pkgconf", "pkg-config"] {
            #expect(!formula.contains(placeholder), "\(placeholder)")
        }
    }

    /// The action and the release workflow are YAML GitHub can read, and every script they run exists.
    @Test func workflowsParseAndNameExistingScripts() throws {
        let script = """
            import sys, yaml
            for path in sys.argv[1:]:
                document = yaml.safe_load(open(path, encoding="utf-8"))
                steps = document["runs"]["steps"] if "runs" in document else [s for j in document["jobs"].values() for s in j["steps"]]
                print(path, len(steps), " ".join(sorted({w for s in steps for w in s.get("run", "").split() if w.startswith(("scripts/", '"$GITHUB_ACTION_PATH/scripts/'))})))
            """
        let result = try Self.run(["python3", "-c", script, "action.yml", ".github/workflows/release.yml"])
        try #require(result.status == 0, "\(result.output)")
        #expect(result.output.contains("action.yml 6 \"$GITHUB_ACTION_PATH/scripts/install.sh\""), "\(result.output)")
        #expect(result.output.contains(".github/workflows/release.yml"), "\(result.output)")
        for path in ["scripts/install.sh", "scripts/bootstrap.sh", "scripts/artifactbundle.sh"] {
            #expect(FileManager.default.isExecutableFile(atPath: Self.root + "/" + path), "\(path)")
        }
    }

    /// SE-0305's layout: info.json names each variant's executable by a path inside the bundle, and the zip holds
    /// the bundle as its only top-level entry.
    @Test func theArtifactBundleHasSwiftPMsLayout() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-bundle-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in ["mac", "linux"] { try Data("binary".utf8).write(to: URL(fileURLWithPath: directory + "/" + name)) }
        let result = try Self.run(["bash", "--posix", Self.root + "/scripts/artifactbundle.sh", "1.2.3", directory + "/out",
                                   "macos=\(directory)/mac", "linux-x86_64=\(directory)/linux"], in: directory)
        try #require(result.status == 0, "\(result.output)")
        let bundle = directory + "/out/archlint.artifactbundle"
        let info = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bundle + "/info.json"))) as? [String: Any]
        #expect(info?["schemaVersion"] as? String == "1.0")
        let artifact = (info?["artifacts"] as? [String: Any])?["archlint"] as? [String: Any]
        #expect(artifact?["type"] as? String == "executable" && artifact?["version"] as? String == "1.2.3")
        let variants = artifact?["variants"] as? [[String: Any]] ?? []
        #expect(variants.map { $0["supportedTriples"] as? [String] ?? [] }
            == [["arm64-apple-macosx", "x86_64-apple-macosx"], ["x86_64-unknown-linux-gnu"]])
        for variant in variants {
            let path = bundle + "/" + (variant["path"] as? String ?? "")
            #expect(FileManager.default.isExecutableFile(atPath: path), "\(path)")
        }
        let listing = try Self.run(["unzip", "-Z1", directory + "/out/archlint.artifactbundle.zip"])
        #expect(listing.output.split(separator: "\n").allSatisfy { $0.hasPrefix("archlint.artifactbundle/") }, "\(listing.output)")
        // swift package compute-checksum's SHA-256, for `.binaryTarget(url:checksum:)`.
        #expect(result.output.split(separator: "\n").last?.count == 64, "\(result.output)")
    }
}
