import ArchlintModel
import Testing

@testable import Configuration

/// How `layers` and `features` entries classify module names (most specific entry wins, `!glob`,
/// `features.shared`) and which entries are reported as `config-shadowed-entry`.
@Suite struct LayerAndFeatureMatchingTests {
    private func layer(_ name: String, in configuration: ArchlintConfiguration) -> String? {
        configuration.layerIndex(ofModuleNamed: name).map { configuration.layers[$0].name }
    }

    @Test func aLiteralInALowerLayerBeatsAGlobAbove() throws {
        let configuration = try loadText("""
            layers:
              - {name: services, modules: ["*Service"]}
              - {name: base, modules: ["BaseService"]}
            """)
        #expect(layer("BaseService", in: configuration) == "base")
        #expect(layer("UserService", in: configuration) == "services")
        #expect(configuration.diagnostics.isEmpty)
    }

    @Test func fewerWildcardsWinAndTiesGoToTheFirstLayer() throws {
        let configuration = try loadText("""
            layers:
              - {name: top, modules: ["*Kit*", "Base*"]}
              - {name: bottom, modules: ["*Kit", "*Service"]}
            """)
        #expect(layer("DesignKit", in: configuration) == "bottom")
        #expect(layer("DesignKitty", in: configuration) == "top")
        #expect(layer("BaseService", in: configuration) == "top")
        #expect(layer("Other", in: configuration) == nil)
    }

    @Test func anExclusionTakesModulesOutOfItsOwnLayerOnly() throws {
        let configuration = try loadText("""
            layers:
              - {name: services, modules: ["!Legacy*", "*Service"]}
              - {name: legacy, modules: ["Legacy*"]}
              - {name: all, modules: ["**"]}
            """)
        #expect(layer("LegacyService", in: configuration) == "legacy")
        #expect(layer("UserService", in: configuration) == "services")
        #expect(layer("Networking", in: configuration) == "all")
    }

    @Test func featuresSharedAndExclusionsAreRead() throws {
        let configuration = try loadText("""
            features:
              modules: ["*Feature", "!Legacy*"]
              interfaces: ["{feature}Interface", "!Debug*"]
              shared: ["BaseFeature", "*UIKit"]
            """)
        #expect(configuration.features.modules == ["*Feature", "!Legacy*"])
        #expect(configuration.features.interfaces == ["{feature}Interface", "!Debug*"])
        #expect(configuration.features.shared == ["BaseFeature", "*UIKit"])
        #expect(configuration.diagnostics.isEmpty)
        #expect(try loadText("layers: []\n").features.shared.isEmpty)
    }

    @Test func sharedIsAKnownFeatureKey() {
        #expect(throws: ConfigurationError(
            file: ".archlint.yml", line: 3, column: 3, message: "unknown key 'sharde' in 'features'; did you mean 'shared'?"
        )) {
            try loadText("features:\n  modules: [\"*Feature\"]\n  sharde: [\"BaseFeature\"]\n")
        }
    }

    @Test func aBareExclusionOrALayerOfExclusionsIsAnError() {
        #expect(throws: ConfigurationError(
            file: ".archlint.yml", line: 2, column: 30,
            message: "bad glob in 'layers[0].modules[1]': '!' needs a glob after it (\"!Legacy*\")"
        )) {
            try loadText("layers:\n  - {name: a, modules: [\"A\", \"!\"]}\n")
        }
        #expect(throws: ConfigurationError(
            file: ".archlint.yml", line: 2, column: 24,
            message: "layer 'a' lists only exclusions; add the modules it holds (a '!' entry only takes modules out of its own layer)"
        )) {
            try loadText("layers:\n  - {name: a, modules: [\"!A*\"]}\n")
        }
    }

    private func shadowed(_ yaml: String) throws -> [String] {
        try loadText(yaml).diagnostics.map {
            #expect($0.rule == "config-shadowed-entry")
            #expect($0.severity == .warning)
            return "\($0.location.file):\($0.location.line):\($0.location.column): \($0.message)"
        }
    }

    @Test func theSameEntryInTwoLayersIsShadowedWhereItLosesTheTie() throws {
        #expect(try shadowed("""
            layers:
              - {name: feature, modules: ["*Feature", "*Kit"]}
              - {name: core, modules: ["*Core", "*Kit"]}
            """) == [
            ".archlint.yml:3:37: \"*Kit\" is also in layer 'feature' (at line 2, column 43), which comes first and wins the tie, so this entry never decides a module's layer; a module belongs to one layer: remove it from one of the two",
        ])
    }

    @Test func duplicatesExclusionsThatExcludeNothingAndExcludedLiteralsAreShadowed() throws {
        #expect(try shadowed("""
            features:
              modules: ["*Feature", "*Feature", "!*Kit", "LegacyFeature", "!Legacy*"]
            """) == [
            ".archlint.yml:2:25: \"*Feature\" is listed twice in features.modules (first at line 2, column 13), so this entry never decides anything; remove it",
            ".archlint.yml:2:37: \"!*Kit\" excludes nothing: no other entry of features.modules can match a module it matches; remove it (a '!' entry only takes modules out of its own list)",
            ".archlint.yml:2:46: \"LegacyFeature\" is excluded by \"!Legacy*\" (at line 2, column 63) in the same list, so it never matches; remove one of the two",
        ])
    }

    @Test func overlappingEntriesAreNotShadowed() throws {
        #expect(try shadowed("""
            layers:
              - {name: services, modules: ["*Service", "!Legacy*"]}
              - {name: base, modules: ["BaseService", "Legacy*"]}
            features:
              shared: ["BaseFeature", "*UIKit"]
            """).isEmpty)
    }
}

/// `archlint init` classifies features with the rules' classifier and proposes `features.shared`.
@Suite struct InitSharedFeatureTests {
    @Test func aFeatureTwoFeaturesImportIsProposedAsShared() throws {
        let names = ["BaseFeature", "ProfileFeature", "SettingsFeature", "ProfileInterface"]
        let modules = names.map {
            Module(id: "AppPackage/\($0)", name: $0, package: "AppPackage", manifest: "AppPackage/Package.swift", type: .regular)
        }
        let edges = [("ProfileFeature", "BaseFeature"), ("SettingsFeature", "BaseFeature"), ("SettingsFeature", "ProfileInterface")]
            .map { ModuleEdge(from: "AppPackage/\($0.0)", to: "AppPackage/\($0.1)", kind: .import) }
        let text = ConfigurationProposer.propose(
            workspace: WorkspaceModel(root: ".", modules: modules), moduleGraph: ModuleGraph(nodes: modules, edges: edges))
        #expect(text.contains("#   ProfileFeature: its name ends in Feature; exposes ProfileInterface.\n"))
        #expect(text.contains("  #   BaseFeature: 2 features depend on it (ProfileFeature, SettingsFeature) and it depends on no feature.\n"))
        let configuration = try ConfigurationLoader.load(text: text, rules: ruleSchemas)
        #expect(configuration.features.shared == ["BaseFeature"])
        #expect(configuration.diagnostics.isEmpty)
    }
}

/// Huge lists end: shadowed entries are found through indexed sets, pairwise checks are bounded.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct ShadowedEntryLimitTests {
    @Test func tenThousandEntriesAndExclusions() throws {
        let positives = (0..<5_000).map { "\"Module\($0)*\"" }
        let exclusions = (0..<5_000).map { "\"!Other\($0)*\"" }
        let yaml = "features:\n  modules: [\((positives + exclusions + ["\"Module1\"", "\"!Module1\""]).joined(separator: ", "))]\n"
        let configuration = try loadText(yaml)
        // The literal excluded by its own list is still found; glob exclusions past the bound are not checked.
        #expect(configuration.diagnostics.contains { $0.message.hasPrefix("\"Module1\" is excluded by \"!Module1\"") })
    }
}
