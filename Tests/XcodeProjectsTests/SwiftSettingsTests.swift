import ArchlintModel
import Testing

@testable import XcodeProjects

/// The Swift settings of a target (`SWIFT_VERSION`, `SWIFT_DEFAULT_ACTOR_ISOLATION`, `SWIFT_STRICT_CONCURRENCY`),
/// read through the same setting levels as its module name: the target's over its xcconfig over the project's.
struct SwiftSettingsTests {
    /// `OTHER_SWIFT_FLAGS` win over the settings (Xcode passes them last); `$(inherited)` over nothing is empty; an
    /// unread level makes what it may set unknown, and says so.
    @Test func otherSwiftFlagsAndUnreadLevels() {
        let flags = BuildSettingStack(levels: [
            .init(["OTHER_SWIFT_FLAGS": "$(inherited) -swift-version 6 \"-default-isolation=MainActor\"", "SWIFT_VERSION": "5.0"]),
        ], targetName: "App", projectName: "P", configuration: "Release").swiftSettings(source: "s")
        #expect(flags == SwiftLanguageSettings(languageMode: 6, defaultIsolation: "MainActor", source: "s"))

        let unread = BuildSettingStack(levels: [
            .init(["SWIFT_VERSION": "6"]), .init([:], unreadFile: "Project.swift:3"),
        ], targetName: "App", projectName: "P", configuration: "Release").swiftSettings(source: "s")
        #expect(unread.languageMode == 6)
        #expect(unread.defaultIsolation == nil)
        #expect(unread.unread?.contains("Project.swift:3") == true)

        let nothing = BuildSettingStack(levels: [.init(["OTHER_LDFLAGS": "-ObjC"])], targetName: "App", projectName: "P",
                                        configuration: "Release").swiftSettings(source: "s")
        #expect(nothing == SwiftLanguageSettings(source: "s"))
    }

    @Test func pbxprojSettingsComeFromTheTargetItsXCConfigAndTheProject() throws {
        let pbxproj = """
            { objects = {
            ROOT = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (T0, T1, T2); };
            G0 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            PL = {isa = XCConfigurationList; buildConfigurations = (PC); defaultConfigurationName = Release; };
            PC = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 5.0; }; name = Release; };
            T0 = {isa = PBXNativeTarget; buildConfigurationList = L0; name = App; productType = "com.apple.product-type.application"; };
            L0 = {isa = XCConfigurationList; buildConfigurations = (R0); defaultConfigurationName = Release; };
            R0 = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 6.0; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; }; name = Release; };
            T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = Kit; productType = "com.apple.product-type.framework"; };
            L1 = {isa = XCConfigurationList; buildConfigurations = (R1); defaultConfigurationName = Release; };
            R1 = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {}; name = Release; };
            X1 = {isa = PBXFileReference; path = "Kit.xcconfig"; sourceTree = SOURCE_ROOT; };
            T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; name = Old; productType = "com.apple.product-type.framework"; };
            L2 = {isa = XCConfigurationList; buildConfigurations = (R2); defaultConfigurationName = Release; };
            R2 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
            }; rootObject = ROOT; }
            """
        let facts = XcodeProjectReader.read(
            projectPath: "App.xcodeproj", pbxproj: Array(pbxproj.utf8),
            fileSystem: InMemoryFileSystem(["Kit.xcconfig": "SWIFT_STRICT_CONCURRENCY = complete\n"]))
        let settings = facts.targets.map(\.swiftSettings)
        #expect(settings == [
            SwiftLanguageSettings(languageMode: 6, defaultIsolation: "MainActor", source: "App.xcodeproj/project.pbxproj"),
            SwiftLanguageSettings(languageMode: 5, strictConcurrency: "complete", source: "App.xcodeproj/project.pbxproj"),
            SwiftLanguageSettings(languageMode: 5, source: "App.xcodeproj/project.pbxproj"),
        ])
        #expect(settings[1]?.checksConcurrencyCompletely == true)
        #expect(settings[2]?.checksConcurrencyCompletely == false)
    }

    @Test func valuesThatAreNoSettingAreNotRead() {
        #expect(SwiftLanguageSettings.languageMode("6.2") == 6)
        #expect(SwiftLanguageSettings.languageMode("$(OTHER)") == nil)
        #expect(SwiftLanguageSettings.isolation("MainActor.self") == "MainActor")
        #expect(SwiftLanguageSettings.isolation("Main") == nil)
        #expect(SwiftLanguageSettings.strictConcurrency("strict") == nil)
    }
}
