import ArchlintModel
import Foundation
import Testing

@testable import Configuration

@Suite struct ConfigurationLoadingTests {
    @Test func withoutAFileTheDefaultPresetApplies() throws {
        let directory = try TemporaryDirectory()
        let configuration = try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas)
        // No file lists `features.modules`: features are also recognised by shape.
        #expect(configuration.features == FeatureConfiguration(
            interfaces: ["{feature}Interface", "{feature}FeatureInterface", "*Interface"]))
        #expect(configuration.features.modules == ["*Feature"] && configuration.features.byShape)
        #expect(configuration.layers.isEmpty)
        #expect(configuration.exclude.isEmpty)
        let severities = configuration.rules.mapValues(\.severity)
        #expect(severities == [
            "cross-feature-import": .error, "module-cycle": .error, "layer-violation": .error,
            "undeclared-import": .warning, "unused-dependency": .warning, "test-import-in-production": .warning,
            "stable-dependencies": .off,
            "missing-dependency": .error, "missing-dependency-conformance": .error,
            "invalid-component-instantiation": .error, "component-cycle": .error, "orphan-component": .warning,
            "duplicate-component": .error, "view-router-shortcut": .error, "builder-anyview": .warning,
            "needle-isolation": .warning,
            "stale-needle-generated": .warning,
        ])
    }

    @Test func readsTheIssueExample() throws {
        let directory = try TemporaryDirectory()
        try directory.write(".archlint.yml", """
            extends: needle-ribs            # a preset shipped in Rules/ (embedded in the binary), or a path
            exclude: ["**/Generated/**"]
            modules:                        # for sources outside Package.swift targets (see the foundation issue)
              - {path: "mirrorman/**", name: "mirrorman"}
            features:
              modules: ["*Feature"]                               # globs; default shown
              interfaces: ["{feature}Interface", "{feature}FeatureInterface", "*Interface"]  # what a feature may import from other features
            layers:                         # top to bottom; a module may import modules of its own layer or lower
              - {name: app, modules: ["App", "mirrorman"]}
              - {name: feature, modules: ["*Feature"]}
              - {name: core, modules: ["*Core"]}
              - {name: design-system, modules: ["DesignSystem"]}
              - {name: assets, modules: ["Assets"]}
            rules:                          # severity: error | warning | note | off; or a map with severity and options
              cross-feature-import: error
              module-cycle: error
              layer-violation: error
              undeclared-import: warning
              unused-dependency: warning

            """)
        let configuration = try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas)
        #expect(configuration.exclude == ["**/Generated/**"])
        #expect(configuration.modules == [ModuleMapping(path: "mirrorman/**", name: "mirrorman")])
        #expect(configuration.layers.map(\.name) == ["app", "feature", "core", "design-system", "assets"])
        #expect(configuration.layerIndex(ofModuleNamed: "mirrorman") == 0)
        #expect(configuration.layerIndex(ofModuleNamed: "UICore") == 2)
        #expect(configuration.layerIndex(ofModuleNamed: "Lottie") == nil)
        // From needle-ribs, not overridden.
        #expect(configuration.rules["view-router-shortcut"] == RuleSetting(severity: .error))
    }

    @Test func explicitPathWinsAndYamlExtensionIsFound() throws {
        let directory = try TemporaryDirectory()
        try directory.write(".archlint.yaml", "exclude: [\"A/**\"]\n")
        let other = try directory.write("ci/archlint-ci.yml", "exclude: [\"B/**\"]\n")
        #expect(try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas).exclude == ["A/**"])
        #expect(try ConfigurationLoader.load(root: directory.path, explicitPath: other, rules: ruleSchemas).exclude == ["B/**"])
    }

    @Test func ruleMapFormKeepsOptions() throws {
        let configuration = try loadText("""
            rules:
              cross-feature-import:
                severity: warning
                options:
                  allow:
                    - {from: "LegacyFeature", to: "*Feature"}
              view-router-shortcut: {severity: error, options: {viewSuffixes: ["Screen"], routerSuffixes: ["Coordinator"]}}
            """)
        #expect(configuration.rules["cross-feature-import"] == RuleSetting(severity: .warning, options: [
            "allow": .list([.map(["from": .string("LegacyFeature"), "to": .string("*Feature")])]),
        ]))
        #expect(configuration.rules["view-router-shortcut"]?.options == [
            "viewSuffixes": .list([.string("Screen")]), "routerSuffixes": .list([.string("Coordinator")]),
        ])
    }

    /// There are no free-form options: a rule whose options type is `NoOptions` rejects every option.
    @Test func aRuleWithoutOptionsRejectsOptions() throws {
        #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(
                text: "rules:\n  new-rule: {severity: note, options: {limit: 3}}\n",
                rules: ruleSchemas + [RuleConfigurationSchema(id: "new-rule", options: NoOptions.self)])
        }
    }

    @Test func moduleEntriesGiveTypeAndDependencies() throws {
        let configuration = try loadText("""
            modules:
              - {path: "Legacy/**", name: "Legacy", type: framework, dependencies: [Core, "Design System"]}
              - {path: "App/**", name: "App/App", type: app-clip}
              - {path: "Tests/**", name: "Tests", dependencies: []}

            """)
        #expect(configuration.modules == [
            ModuleMapping(path: "Legacy/**", name: "Legacy", type: .framework, dependencies: ["Core", "Design System"]),
            ModuleMapping(path: "App/**", name: "App/App", type: .appClip),
            ModuleMapping(path: "Tests/**", name: "Tests", dependencies: []),
        ])
    }

    @Test func tuistFolderConventionsAreOffUnlessAsked() throws {
        #expect(try loadText("exclude: []\n").tuist == TuistConfiguration(folderConventions: false))
        #expect(try loadText("tuist:\n  folderConventions: true\n").tuist == TuistConfiguration(folderConventions: true))
        #expect(try loadText("tuist: {folderConventions: false}\n").tuist == TuistConfiguration(folderConventions: false))
        #expect(try loadText("tuist: {}\n").tuist == TuistConfiguration(folderConventions: false))
    }

    @Test func tuistStyleModuleMapping() throws {
        let configuration = try loadText("modules:\n  - {path: \"Projects/Feature/*/Sources/**\", name: \"$1\"}\n")
        #expect(configuration.modules == [ModuleMapping(path: "Projects/Feature/*/Sources/**", name: "$1")])
    }
}

@Suite struct ExtendsTests {
    @Test func presetsAndFilesMergeInOrder() throws {
        let directory = try TemporaryDirectory()
        try directory.write("shared/base.yml", """
            exclude: ["**/Generated/**"]
            modules: [{path: "App/**", name: "App"}]
            features: {modules: ["*Module"]}
            layers: [{name: base, modules: ["*"]}]
            rules:
              unused-dependency: error
              view-router-shortcut: {severity: warning, options: {viewSuffixes: ["Screen"], routerSuffixes: ["Coordinator"]}}

            """)
        let config = try directory.write(".archlint.yml", """
            extends: [needle-ribs, shared/base.yml]
            exclude: ["Vendor/**", "**/Generated/**"]
            features: {interfaces: ["*API"]}
            rules:
              unused-dependency: note
              view-router-shortcut: {severity: error, options: {routerSuffixes: ["Router"]}}

            """)
        let configuration = try ConfigurationLoader.load(root: directory.path, explicitPath: config, rules: ruleSchemas)
        // exclude concatenates without repeats.
        #expect(configuration.exclude == ["**/Generated/**", "Vendor/**"])
        // modules and layers replace: base.yml's come after needle-ribs.
        #expect(configuration.modules == [ModuleMapping(path: "App/**", name: "App")])
        #expect(configuration.layers == [LayerConfiguration(name: "base", modules: ["*"])])
        // features replace per key.
        // A file lists `features.modules`: only its globs name features, and its entries are kept with their lines.
        #expect(configuration.features.modules == ["*Module"])
        #expect(configuration.features.interfaces == ["*API"])
        #expect(!configuration.features.byShape)
        #expect(configuration.features.entries.map { "\($0.list) \($0.pattern)" } == ["features.modules *Module"])
        // rules merge per id; options merge per name; the short form keeps inherited options.
        #expect(configuration.rules["unused-dependency"] == RuleSetting(severity: .note))
        #expect(configuration.rules["view-router-shortcut"] == RuleSetting(severity: .error, options: [
            "viewSuffixes": .list([.string("Screen")]),
            "routerSuffixes": .list([.string("Router")]),
        ]))
        #expect(configuration.rules["module-cycle"] == RuleSetting(severity: .error))
    }

    @Test func shortFormKeepsInheritedOptions() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("base.yml", "rules:\n  view-router-shortcut: {severity: error, options: {viewSuffixes: [Screen]}}\n")
        let config = try directory.write(".archlint.yml", "extends: base.yml\nrules:\n  view-router-shortcut: warning\n")
        let configuration = try ConfigurationLoader.load(root: directory.path, explicitPath: config, rules: ruleSchemas)
        #expect(configuration.rules["view-router-shortcut"]?.severity == .warning)
        #expect(configuration.rules["view-router-shortcut"]?.options["viewSuffixes"] == .list([.string("Screen")]))
    }

    @Test func strictOverNeedleRibs() throws {
        let configuration = try loadText("extends: [needle-ribs, strict]\n")
        #expect(configuration.layers.map(\.name) == ["app", "feature", "interface", "core", "design-system", "assets"])
        #expect(configuration.rules["unused-dependency"]?.severity == .error)
        #expect(configuration.rules["builder-anyview"]?.severity == .error)
    }

    @Test func unknownPresetSuggestsTheClosest() {
        let error = loadError("extends: needle-ribz\n")
        #expect(error == ConfigurationError(
            file: ".archlint.yml", line: 1, column: 10,
            message: "no preset named 'needle-ribz'; did you mean 'needle-ribs'?"))
        #expect(loadError("extends: [strict, recommended]\n") == ConfigurationError(
            file: ".archlint.yml", line: 1, column: 19,
            message: "no preset named 'recommended'; the presets are architecture, default, needle-ribs, strict, and a path contains / or ends in .yml or .yaml"))
    }

    @Test func missingExtendedFileIsReportedAtTheReference() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write(".archlint.yml", "exclude: []\nextends:\n  - base.yml\n")
        let missing = (directory.path as NSString).appendingPathComponent("base.yml")
        #expect(throws: ConfigurationError(file: config, line: 3, column: 5, message: "configuration file not found: \(missing)")) {
            try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas)
        }
    }

    @Test func errorsInsideAnExtendedFileCarryThatFile() throws {
        let directory = try TemporaryDirectory()
        let base = try directory.write("configs/base.yml", "layers:\n  - {name: app, modules: [\"App\"], kind: top}\n")
        try directory.write(".archlint.yml", "extends: configs/base.yml\n")
        #expect(throws: ConfigurationError(
            file: base, line: 2, column: 35, message: "unknown key 'kind' in 'layers[0]'; expected one of: name, modules")
        ) {
            try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas)
        }
    }

    @Test func extendsCycleIsDetected() throws {
        let directory = try TemporaryDirectory()
        let a = try directory.write("a.yml", "extends: b.yml\n")
        let b = try directory.write("b.yml", "exclude: []\nextends: [strict, a.yml]\n")
        #expect(throws: ConfigurationError(
            file: b, line: 2, column: 19,
            message: "extends cycle: \(a) → \((directory.path as NSString).appendingPathComponent("b.yml")) → \((directory.path as NSString).appendingPathComponent("a.yml")); remove one of these extends")
        ) {
            try ConfigurationLoader.load(root: directory.path, explicitPath: a, rules: ruleSchemas)
        }
    }

    @Test func selfExtensionIsACycle() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write(".archlint.yml", "extends: ./.archlint.yml\n")
        let error = #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas)
        }
        #expect(error?.file == config)
        #expect(error?.line == 1)
        #expect(error?.column == 10)
        #expect(error?.message.hasPrefix("extends cycle: ") == true)
    }

    @Test func diamondIsNotACycle() throws {
        let directory = try TemporaryDirectory()
        try directory.write("left.yml", "extends: strict\nexclude: [\"L/**\"]\n")
        try directory.write("right.yml", "extends: strict\nexclude: [\"R/**\"]\n")
        let config = try directory.write(".archlint.yml", "extends: [left.yml, right.yml]\n")
        let configuration = try ConfigurationLoader.load(root: directory.path, explicitPath: config, rules: ruleSchemas)
        #expect(configuration.exclude == ["L/**", "R/**"])
    }

    @Test func extendsMustBeNamesOrPaths() {
        #expect(loadError("extends: 3\n") == ConfigurationError(
            file: ".archlint.yml", line: 1, column: 10,
            message: "'extends' must be a preset name, a path, or a list of them, found an integer"))
    }
}
