import ArchlintModel
import Foundation
import ArchlintTestSupport
import Rules
import Testing

@testable import Configuration

/// Validates YAML configurations against Rules/archlint.schema.json with python3's `jsonschema`.
enum SchemaValidator {
    static let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("python3 can't import jsonschema: run `pip install jsonschema` (.ci/run installs it)")
            sys.exit(3)
        schema = json.load(open(sys.argv[1]))
        validator = jsonschema.validators.validator_for(schema)
        validator.check_schema(schema)
        errors = sorted(validator(schema).iter_errors(json.load(sys.stdin)), key=lambda e: list(e.path))
        for error in errors:
            print("/".join(str(p) for p in error.path) + ": " + error.message)
        sys.exit(1 if errors else 0)
        """

    struct Outcome {
        var valid: Bool
        var output: String
    }

    static func validate(yaml: String) throws -> Outcome {
        let json = try YAMLToJSON.convert(yaml)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, repositoryRoot.appendingPathComponent("Rules/archlint.schema.json").path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(json.utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus != 3 else {
            Issue.record("\(text)")
            throw CancellationError()
        }
        guard process.terminationStatus == 0 || process.terminationStatus == 1 else {
            Issue.record("schema validation failed to run (status \(process.terminationStatus)): \(text)")
            throw CancellationError()
        }
        return Outcome(valid: process.terminationStatus == 0, output: text)
    }
}

@Suite struct SchemaTests {
    @Test(arguments: ["default", "needle-ribs", "strict"])
    func everyPresetValidates(name: String) throws {
        let outcome = try SchemaValidator.validate(yaml: EmbeddedPresets.presets[name]!)
        #expect(outcome.valid, "\(outcome.output)")
    }

    @Test func theIssueExampleAndEveryOptionValidate() throws {
        let yaml = """
            extends: [needle-ribs, ./team.yml]
            exclude: ["**/Generated/**"]
            modules:
              - {path: "mirrorman/**", name: "mirrorman"}
              - {path: "Projects/Feature/*/Sources/**", name: "$1"}
              - {path: "Legacy/**", name: "Legacy", type: framework, dependencies: [Core, DesignSystem]}
            features:
              modules: ["*Feature"]
              interfaces: ["{feature}Interface", "{feature}FeatureInterface", "*Interface"]
            layers:
              - {name: app, modules: ["App", "mirrorman"]}
              - {name: feature, modules: ["*Feature"]}
            rules:
              cross-feature-import: {severity: error, options: {allow: [{from: "AFeature", to: "BFeature"}]}}
              layer-violation: {severity: error, options: {}}
              undeclared-import: warning
              view-router-shortcut: {severity: error, options: {viewBaseTypes: ["View"], viewSuffixes: ["Screen"], routerSuffixes: ["Coordinator"]}}
              module-cycle: off
              syntax-error: note
            tuist:
              folderConventions: true

            """
        let outcome = try SchemaValidator.validate(yaml: yaml)
        #expect(outcome.valid, "\(outcome.output)")
    }

    /// The schema rejects what the loader rejects, so validating isn't vacuous.
    @Test(arguments: [
        ("exlude: []\n", "Additional properties are not allowed ('exlude' was unexpected)"),
        ("rules:\n  module-cycle: fatal\n", "rules/module-cycle: 'fatal' is not valid under any of the given schemas"),
        ("rules:\n  cross-feature-imports: error\n", "rules: Additional properties are not allowed ('cross-feature-imports' was unexpected)"),
        ("exclude: \"**/Generated/**\"\n", "exclude: '**/Generated/**' is not of type 'array'"),
        ("layers:\n  - {name: core}\n", "layers/0: 'modules' is a required property"),
        ("modules:\n  - {path: \"A/**\", name: A, type: apps}\n", "modules/0/type: 'apps' is not one of"),
        ("modules:\n  - {path: \"A/**\", name: A, dependencies: Core}\n", "modules/0/dependencies: 'Core' is not of type 'array'"),
        ("layers:\n  - {name: core, modules: []}\n", "layers/0/modules: [] should be non-empty"),
        ("tuist:\n  folderConventions: \"yes\"\n", "tuist/folderConventions: 'yes' is not of type 'boolean'"),
        ("rules:\n  module-cycle: {severity: error, options: {depth: 3}}\n", "rules/module-cycle: {'options': {'depth': 3}, 'severity': 'error'} is not valid under any of the given schemas"),
    ])
    func badConfigurationsFail(yaml: String, message: String) throws {
        let outcome = try SchemaValidator.validate(yaml: yaml)
        #expect(!outcome.valid)
        #expect(outcome.output.contains(message), "\(outcome.output)")
        #expect(throws: ConfigurationError.self) { try loadText(yaml) }
    }

    private func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("Rules/archlint.schema.json"))
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The schema and the loader describe the same keys, rules and options.
    @Test func schemaMatchesTheLoader() throws {
        let schema = try schema()
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let mapping = try #require((definitions["moduleMapping"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(mapping.keys) == Set(FragmentParser.moduleKeys))
        let types = try #require((mapping["type"] as? [String: Any])?["enum"] as? [String])
        #expect(types == ModuleType.allCases.map(\.rawValue))
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(FragmentParser.topLevelKeys))
        let tuist = try #require((properties["tuist"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(tuist.keys) == Set(FragmentParser.tuistKeys))
        let rules = try #require((properties["rules"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        #expect(Set(rules.keys) == Set(RuleRegistry.allIDs))
        for schema in RuleRegistry.configurationSchemas {
            let (id, options) = (schema.id, schema.options)
            let forms = try #require(rules[id]?["oneOf"] as? [[String: Any]])
            let mapForm = try #require(forms.last?["properties"] as? [String: Any])
            let optionSchema = try #require(mapForm["options"] as? [String: Any])
            let names = (optionSchema["properties"] as? [String: Any]).map { Set($0.keys) } ?? []
            #expect(names == Set(options.map(\.name)), "\(id)")
        }
    }
}
