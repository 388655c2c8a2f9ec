import ArchlintModel
import Foundation
import Testing

@testable import Configuration

/// Every kind of bad configuration gives one `ConfigurationError` with the exact message, line and column.
@Suite struct ConfigurationErrorTests {
    private func expectError(
        _ yaml: String, _ message: String, line: Int, column: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        guard let error = loadError(yaml, sourceLocation: sourceLocation) else { return }
        #expect(error == ConfigurationError(file: ".archlint.yml", line: line, column: column, message: message),
                sourceLocation: sourceLocation)
    }

    @Test func unknownTopLevelKeySuggestsTheClosestKey() {
        expectError("exclude: []\nexlude: [\"a\"]\n", "unknown key 'exlude'; did you mean 'exclude'?", line: 2, column: 1)
    }

    @Test func tuistSectionIsStrict() {
        expectError(
            "tuist:\n  folderConventions: \"yes\"\n",
            "'tuist.folderConventions' must be true or false, found a string", line: 2, column: 22)
        expectError("tuist:\n  folderConventions: 1\n", "'tuist.folderConventions' must be true or false, found an integer",
                    line: 2, column: 22)
        expectError("tuist: true\n", "'tuist' must be a mapping, found a boolean", line: 1, column: 8)
        expectError(
            "tuist:\n  folderConvention: true\n", "unknown key 'folderConvention' in 'tuist'; did you mean 'folderConventions'?",
            line: 2, column: 3)
    }

    @Test func unknownTopLevelKeyWithoutNearMatchListsTheKeys() {
        expectError(
            "colour: red\n",
            "unknown key 'colour'; expected one of: extends, exclude, modules, features, layers, rules, tuist, forbidden, allowed, allowedSeverity, required, types",
            line: 1, column: 1)
    }

    @Test func unknownNestedKeyNamesItsPlace() {
        expectError(
            "layers:\n  - name: core\n    modulez: [\"*Core\"]\n",
            "unknown key 'modulez' in 'layers[0]'; did you mean 'modules'?", line: 3, column: 5)
        expectError(
            "features:\n  interface: [\"*Interface\"]\n",
            "unknown key 'interface' in 'features'; did you mean 'interfaces'?", line: 2, column: 3)
    }

    @Test func moduleTypeMustBeKnownAndDependenciesAList() {
        let allowed = ModuleType.allCases.map(\.rawValue).joined(separator: ", ")
        expectError(
            "modules:\n  - {path: \"A/**\", name: A, type: apps}\n",
            "unknown module type 'apps' in 'modules[0].type'; did you mean 'app'?; use one of: \(allowed)",
            line: 2, column: 35)
        expectError(
            "modules:\n  - {path: \"A/**\", name: A, type: widget}\n",
            "unknown module type 'widget' in 'modules[0].type'; use one of: \(allowed)", line: 2, column: 35)
        expectError(
            "modules:\n  - {path: \"A/**\", name: A, dependencies: Core}\n",
            "'modules[0].dependencies' must be a list of module names, found a string", line: 2, column: 43)
        expectError(
            "modules:\n  - {path: \"A/**\", name: A, dependencies: [Core, Core]}\n",
            "'modules[0].dependencies[1]': 'Core' is listed twice", line: 2, column: 50)
    }

    @Test func wrongTypes() {
        expectError("exclude: \"**/Generated/**\"\n", "'exclude' must be a list of globs, found a string", line: 1, column: 10)
        expectError("layers: {name: app}\n", "'layers' must be a list, found a mapping", line: 1, column: 9)
        expectError(
            "layers:\n  - {name: 1, modules: [\"A\"]}\n",
            "'layers[0].name' must be a string, found an integer; quote it: \"1\"", line: 2, column: 12)
        expectError("features: true\n", "'features' must be a mapping, found a boolean", line: 1, column: 11)
        expectError("exclude: [~]\n", "'exclude[0]' must be a string, found null", line: 1, column: 11)
        expectError("- exclude\n", "the configuration must be a mapping of keys (extends, exclude, modules, features, layers, rules, tuist), found a list", line: 1, column: 1)
    }

    @Test func badGlob() {
        expectError(
            "exclude: [\"**/Generated/**\", \"Foo{a,b\"]\n",
            "bad glob in 'exclude[1]': unbalanced '{' or '}' in glob \"Foo{a,b\"", line: 1, column: 30)
        expectError(
            "layers:\n  - {name: core, modules: [\"*Core}\"]}\n",
            "bad glob in 'layers[0].modules[0]': unbalanced '{' or '}' in glob \"*Core}\"", line: 2, column: 28)
        expectError("exclude: [\"\"]\n", "'exclude[0]' must not be empty", line: 1, column: 11)
    }

    @Test func unknownRuleIDSuggestsTheClosestRule() {
        expectError(
            "rules:\n  cross-feature-imports: error\n",
            "unknown rule id 'cross-feature-imports'; did you mean 'cross-feature-import'? (`archlint rules` lists every rule)",
            line: 2, column: 3)
        expectError(
            "rules:\n  no-such-thing: error\n",
            "unknown rule id 'no-such-thing' (`archlint rules` lists every rule)", line: 2, column: 3)
    }

    @Test func ruleIDsTheBinaryKnowsAreAccepted() throws {
        let configuration = try ConfigurationLoader.load(
            text: "rules:\n  brand-new-rule: note\n",
            rules: ruleSchemas + [RuleConfigurationSchema(id: "brand-new-rule", options: NoOptions.self)])
        #expect(configuration.rules["brand-new-rule"] == RuleSetting(severity: .note))
    }

    @Test func badSeverity() {
        expectError(
            "rules:\n  module-cycle: fatal\n",
            "invalid severity 'fatal' for rule 'module-cycle'; expected one of error, warning, note, off", line: 2, column: 17)
        expectError(
            "rules:\n  module-cycle: {severity: eror}\n",
            "invalid severity 'eror' for rule 'module-cycle'; did you mean 'error'?",
            line: 2, column: 28)
        expectError(
            "rules:\n  module-cycle: 2\n",
            "the severity of rule 'module-cycle' must be one of error, warning, note, off, found an integer", line: 2, column: 17)
        expectError(
            "rules:\n  module-cycle: [error]\n",
            "'rules.module-cycle' must be a severity (error, warning, note, off) or a mapping {severity, options}, found a list",
            line: 2, column: 17)
    }

    @Test func ruleMapFormProblems() {
        expectError(
            "rules:\n  view-router-shortcut:\n    options: {routerSuffixes: [\"Router\"]}\n",
            "rule 'view-router-shortcut' needs a 'severity' (error, warning, note or off)", line: 3, column: 5)
        expectError(
            "rules:\n  view-router-shortcut:\n    severity: error\n    options: {routerSufixes: [\"Router\"]}\n",
            "unknown key 'routerSufixes' in 'rules.view-router-shortcut.options'; did you mean 'routerSuffixes'?",
            line: 4, column: 15)
        expectError(
            "rules:\n  module-cycle: {severity: error, options: {depth: 3}}\n",
            "rule 'module-cycle' takes no options", line: 2, column: 45)
        expectError(
            "rules:\n  view-router-shortcut: {severity: error, options: {viewSuffixes: \"View\"}}\n",
            "option 'viewSuffixes' of rule 'view-router-shortcut' must be a list of strings, found a string", line: 2, column: 67)
        expectError(
            "rules:\n  undeclared-import: {severity: error, options: {allowTransitive: [yes]}}\n",
            "option 'allowTransitive' of rule 'undeclared-import' must be true or false, found a list", line: 2, column: 67)
        expectError(
            "rules:\n  cross-feature-import:\n    severity: error\n    options:\n      allow:\n        - {from: \"AFeature\"}\n",
            "'rules.cross-feature-import.options.allow[0]' needs 'to' (a module-name glob)", line: 6, column: 11)
    }

    @Test func duplicateLayerNames() {
        expectError(
            "layers:\n  - {name: core, modules: [\"*Core\"]}\n  - {name: core, modules: [\"Core*\"]}\n",
            "duplicate layer name 'core' (first declared at line 2, column 12); layer names must be unique",
            line: 3, column: 12)
    }

    /// The same glob in two layers is a `config-shadowed-entry` warning (the first layer wins the tie), not an
    /// error: see LayerAndFeatureMatchingTests.

    @Test func layerProblems() {
        expectError("layers:\n  - {name: core, modules: []}\n", "layer 'core' has no modules; list at least one module-name glob", line: 2, column: 27)
        expectError("layers:\n  - {modules: [\"*Core\"]}\n", "'layers[0]' needs a 'name'", line: 2, column: 5)
        expectError("layers:\n  - {name: core}\n", "layer 'core' needs 'modules' (a list of module-name globs)", line: 2, column: 5)
    }

    @Test func moduleMappingProblems() {
        expectError(
            "modules:\n  - {path: \"Projects/*/Sources/**\", name: \"$3\"}\n",
            "'modules[0].name' uses $3 but the path \"Projects/*/Sources/**\" has 2 wildcards", line: 2, column: 5)
        expectError("modules:\n  - {path: \"App/**\"}\n", "'modules[0]' needs a 'name' (the module name; $1… are the path's wildcards)", line: 2, column: 5)
        expectError("modules:\n  - {path: \"App/**\", nmae: App}\n", "unknown key 'nmae' in 'modules[0]'; did you mean 'name'?", line: 2, column: 22)
    }

    @Test func unknownInterfacePlaceholder() {
        expectError(
            "features:\n  interfaces: [\"{name}Interface\"]\n",
            "unknown placeholder '{name}' in 'features.interfaces[0]'; the only placeholder is {feature}", line: 2, column: 16)
    }

    @Test func customTagsAndDeepNestingAreErrorsNotCrashes() {
        expectError("exclude: [!custom a]\n", "'exclude[0]' must be a string, found a value tagged !custom", line: 1, column: 11)
        let deep = "exclude: [\"[{'\"] # [[[\nrules:\n  x: {a: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}\n"
        expectError(deep, "the configuration nests lists or mappings more than 200 levels deep", line: 3, column: 209)
        expectError("exclude: *nothing\n", "invalid YAML: found undefined alias", line: 1, column: 10)
    }

    @Test func duplicateKey() {
        expectError("exclude: []\nexclude: []\n", "duplicate key 'exclude' in the same mapping; keep one", line: 1, column: 1)
    }

    @Test func yamlSyntaxErrorKeepsYamsPosition() {
        expectError(
            "exclude: [\"a\", \"b\"\nlayers: []\n",
            "invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 1)", line: 2, column: 1)
        expectError(
            "layers:\n\t- name: app\n",
            "invalid YAML: found character that cannot start any token (while scanning for the next token at line 2)",
            line: 2, column: 1)
    }

    /// Columns count UTF-8 bytes, like every archlint location (Yams counts Unicode scalars).
    @Test func columnsCountUTF8Bytes() {
        expectError(
            "layers:\n  - {name: \"café\", modules: [\"*Core\"], extra: 1}\n",
            "unknown key 'extra' in 'layers[0]'; expected one of: name, modules", line: 2, column: 41)
    }

    @Test func nonUTF8FilePointsAtTheInvalidByte() throws {
        let directory = try TemporaryDirectory()
        var bytes = Data("exclude: []\nlayers: [\"".utf8)
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(contentsOf: Data("\"]\n".utf8))
        let path = try directory.write(".archlint.yml", bytes)
        #expect(throws: ConfigurationError(
            file: path, line: 2, column: 11,
            message: "the configuration is not valid UTF-8 (invalid byte 0xFF); save it as UTF-8")
        ) {
            try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas)
        }
    }

    @Test func emptyAndCommentOnlyFilesMeanNoSettings() throws {
        let defaults = try loadText("")
        #expect(try loadText("# nothing here yet\n\n") == defaults)
        #expect(try loadText("~\n") == defaults)
        #expect(try loadText("---\n") == defaults)
        #expect(defaults.rules["cross-feature-import"] == RuleSetting(severity: .error))
    }

    @Test func unquotedOffIsTheSeverityOff() throws {
        let configuration = try loadText("rules:\n  builder-anyview: off\n  orphan-component: no\n".replacingOccurrences(of: "no\n", with: "note\n"))
        #expect(configuration.rules["builder-anyview"]?.severity == .off)
        #expect(configuration.rules["orphan-component"]?.severity == .note)
    }

    @Test func explicitPathThatDoesNotExist() {
        #expect(throws: ConfigurationError(file: "/nonexistent/archlint.yml", message: "configuration file not found")) {
            try ConfigurationLoader.load(root: "/", explicitPath: "/nonexistent/archlint.yml", rules: ruleSchemas)
        }
    }

    @Test func explicitPathThatIsADirectory() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: ConfigurationError(file: directory.path, message: "the configuration path is a directory, not a file")) {
            try ConfigurationLoader.load(root: directory.path, explicitPath: directory.path, rules: ruleSchemas)
        }
    }

    @Test func bothFileNamesAtTheRoot() throws {
        let directory = try TemporaryDirectory()
        try directory.write(".archlint.yml", "exclude: []\n")
        let yaml = try directory.write(".archlint.yaml", "exclude: []\n")
        #expect(throws: ConfigurationError(file: yaml, message: "both .archlint.yml and .archlint.yaml exist; keep one")) {
            try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas)
        }
    }

    @Test func descriptionIsClickable() {
        let error = ConfigurationError(file: ".archlint.yml", line: 3, column: 5, message: "unknown key 'x'")
        #expect(error.description == ".archlint.yml:3:5: error: unknown key 'x'")
        #expect(ConfigurationError(file: "a.yml", message: "m").description == "a.yml: error: m")
    }
}
