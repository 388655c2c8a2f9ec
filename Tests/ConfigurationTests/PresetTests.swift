import ArchlintModel
import Foundation
import Rules
import Testing

@testable import Configuration

@Suite struct PresetTests {
    private var rulesDirectory: URL { repositoryRoot.appendingPathComponent("Rules") }

    private func presetFiles() throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: rulesDirectory.path).filter { $0.hasSuffix(".yml") }
        var files: [String: Data] = [:]
        for name in names {
            files[String(name.dropLast(4))] = try Data(contentsOf: rulesDirectory.appendingPathComponent(name))
        }
        return files
    }

    /// The presets compiled into the binary can't drift from Rules/: run scripts/embed-presets.sh after editing.
    @Test func embeddedPresetsEqualRulesFilesByteForByte() throws {
        let files = try presetFiles()
        #expect(Set(files.keys) == Set(EmbeddedPresets.presets.keys), "run scripts/embed-presets.sh")
        for (name, data) in files {
            #expect(Data(EmbeddedPresets.presets[name, default: ""].utf8) == data, "Rules/\(name).yml differs from the embedded copy; run scripts/embed-presets.sh")
        }
    }

    @Test(arguments: ["default", "needle-ribs", "strict"])
    func everyPresetLoadsStrictly(name: String) throws {
        let configuration = try loadText("extends: \(name)\n")
        #expect(configuration.rules["module-cycle"]?.severity == .error)
        // Presets only name documented rules.
        #expect(Set(configuration.rules.keys).isSubset(of: Set(RuleRegistry.allIDs)))
    }

    @Test func needleRibsLayers() throws {
        let configuration = try loadText("extends: needle-ribs\n")
        let expectations: [String: String?] = [
            "App": "app", "MyApp": "app", "CompositionRoot": "app",
            "ProfileFeature": "feature", "ProfileFeatureInterface": "interface", "ProfileInterface": "interface",
            "UICore": "core", "Core": "core", "DesignSystem": "design-system", "Assets": "assets",
            "AppAssets": "assets", "Lottie": nil,
        ]
        for (module, layer) in expectations {
            let name = configuration.layerIndex(ofModuleNamed: module).map { configuration.layers[$0].name }
            #expect(name == layer, "\(module)")
        }
    }

    @Test func defaultPresetMatchesTheModelDefaults() throws {
        let configuration = try loadText("")
        #expect(configuration.features == FeatureConfiguration())
    }
}
