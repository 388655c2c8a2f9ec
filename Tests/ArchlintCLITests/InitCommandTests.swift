import ArchlintTestSupport
import Configuration
import Foundation
import Rules
import Testing

/// `archlint init` on every fixture proposes a config that validates against the schema, loads, and describes
/// the fixture's actual dependency order (no layer violations under it).
@Suite struct InitCommandTests {
    @Test(arguments: FixturePaths.goldenFixtures)
    func initProposesAValidConfigThatLintAccepts(fixture: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = FixturePaths.fixtures.appendingPathComponent(fixture).path
        let config = directory.appendingPathComponent("proposed.yml").path

        let initRun = try ProcessResult.archlint(["init", root, "--output", config, "--no-cache"])
        #expect(initRun.status == 0, "\(initRun.stderr)")
        let yaml = try String(contentsOfFile: config, encoding: .utf8)
        #expect(yaml.contains("layers:"))

        let schema = try String(
            contentsOf: FixturePaths.packageRoot.appendingPathComponent("Rules/archlint.schema.json"), encoding: .utf8)
        try SchemaValidation.validate(json: try YAMLToJSON.convert(yaml), schema: schema)

        let lint = try ProcessResult.archlint(["lint", root, "--config", config, "--format", "json", "--no-cache"])
        #expect(lint.status != 2, "config rejected: \(lint.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any]
        let rules = (report?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        #expect(!rules.contains("layer-violation"), "the proposed layers contradict the actual dependencies")
    }

    @Test func initRefusesToOverwriteWithoutForce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let existing = directory.appendingPathComponent(".archlint.yml")
        try "rules: {}\n".write(to: existing, atomically: true, encoding: .utf8)
        let refused = try ProcessResult.archlint(["init", directory.path, "--no-cache"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("already exists; use --force"))
        #expect(try String(contentsOf: existing, encoding: .utf8) == "rules: {}\n")
        let forced = try ProcessResult.archlint(["init", directory.path, "--force", "--no-cache"])
        #expect(forced.status == 0, "\(forced.stderr)")
    }
}

extension InitCommandTests {
    /// In a Tuist repository, Tuist's helpers, plugins and manifests are tooling: never proposed as modules or layers.
    @Test func initLeavesTuistToolingOut() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-init-tuist-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n",
            "Tuist/ProjectDescriptionHelpers/Project+Templates.swift": "import ProjectDescription\npublic enum Templates {}\n",
            "Plugin/Scaffold/ProjectDescriptionHelpers/Scaffold.swift": "import ProjectDescription\npublic enum Scaffold {}\n",
            "Projects/App/Project.swift": "import ProjectDescription\nlet project = Project(name: \"App\", targets: [])\n",
            "Projects/App/Sources/AppDelegate.swift": "import UIKit\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let config = root.appendingPathComponent("proposed.yml").path
        let run = try ProcessResult.archlint(["init", root.path, "--output", config, "--no-cache"])
        #expect(run.status == 0, "\(run.stderr)")
        let yaml = try String(contentsOfFile: config, encoding: .utf8)
        let configuration = try ConfigurationLoader.load(text: yaml, rules: RuleRegistry.configurationSchemas)
        #expect(!configuration.modules.contains { $0.path.hasPrefix("Tuist") || $0.path.hasPrefix("Plugin") }, "\(yaml)")
        let layered = configuration.layers.flatMap(\.modules)
        #expect(!layered.contains { $0.contains("Tuist") || $0.contains("Plugin") }, "\(yaml)")
    }
}

/// JSON Schema validation through Python's `jsonschema` (installed by scripts/bootstrap.sh --tests).
enum SchemaValidation {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func validate(json: String, schema: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let documentPath = directory.appendingPathComponent("document.json").path
        let schemaPath = directory.appendingPathComponent("schema.json").path
        try json.write(toFile: documentPath, atomically: true, encoding: .utf8)
        try schema.write(toFile: schemaPath, atomically: true, encoding: .utf8)
        let script = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                sys.exit("python3 module jsonschema is missing: run scripts/bootstrap.sh --tests (pip install jsonschema)")
            schema = json.load(open(sys.argv[1]))
            document = json.load(open(sys.argv[2]))
            errors = sorted(jsonschema.validators.validator_for(schema)(schema).iter_errors(document), key=str)
            for error in errors:
                print("/".join(map(str, error.absolute_path)) + ": " + error.message)
            sys.exit(1 if errors else 0)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, schemaPath, documentPath]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw Failure(description: "schema validation failed:\n\(text)") }
    }
}
