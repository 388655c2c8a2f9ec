import ArchlintModel
import Testing

@testable import XcodeProjects

/// Module names from build settings (issue 32): pbxproj configurations and their xcconfig files, XcodeGen
/// `settings:` and `configFiles:`.
struct ModuleNameTests {
    /// A pbxproj with one target per entry of `targets` (name, its Release settings, its xcconfig path) and the
    /// project's own Release settings.
    private static func project(
        targets: [(name: String, settings: String, xcconfig: String?)], projectSettings: String = ""
    ) -> [UInt8] {
        var objects = """
            ROOT = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (\(targets.indices.map { "T\($0)" }.joined(separator: ", "))); };
            G0 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            PL = {isa = XCConfigurationList; buildConfigurations = (PC); defaultConfigurationName = Release; };
            PC = {isa = XCBuildConfiguration; buildSettings = {\(projectSettings)}; name = Release; };

            """
        for (index, target) in targets.enumerated() {
            let base = target.xcconfig == nil ? "" : "baseConfigurationReference = X\(index); "
            objects += """
                T\(index) = {isa = PBXNativeTarget; buildConfigurationList = L\(index); name = "\(target.name)"; productType = "com.apple.product-type.application"; };
                L\(index) = {isa = XCConfigurationList; buildConfigurations = (D\(index), R\(index)); defaultConfigurationName = Release; };
                D\(index) = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_MODULE_NAME = DebugName; }; name = Debug; };
                R\(index) = {isa = XCBuildConfiguration; \(base)buildSettings = {\(target.settings)}; name = Release; };

                """
            if let xcconfig = target.xcconfig {
                objects += "X\(index) = {isa = PBXFileReference; path = \"\(xcconfig)\"; sourceTree = SOURCE_ROOT; };\n"
            }
        }
        return Array("{ objects = {\n\(objects)}; rootObject = ROOT; }".utf8)
    }

    private static func read(_ bytes: [UInt8], files: [String: String] = [:]) -> ProjectFacts {
        XcodeProjectReader.read(projectPath: "App.xcodeproj", pbxproj: bytes, fileSystem: InMemoryFileSystem(files))
    }

    @Test func moduleNamesComeFromTheDefaultConfigurationAndItsXCConfig() {
        let facts = Self.read(Self.project(targets: [
            ("MyApp-iOS", "", "Configs/iOS.xcconfig"),
            ("MyApp-Mac", "PRODUCT_NAME = \"$(APP_NAME)\";", nil),
            ("Plain-Target", "PRODUCT_NAME = \"$(TARGET_NAME)\";", nil),
            ("Launcher", "PRODUCT_NAME = \"Home Launcher\";", nil),
        ], projectSettings: "APP_NAME = MyApp;"), files: [
            "Configs/iOS.xcconfig": "#include \"Shared/Base.xcconfig\" // the module\n#include? \"Missing.xcconfig\"\nPRODUCT_NAME = My App\n",
            "Configs/Shared/Base.xcconfig": "PRODUCT_MODULE_NAME = MyApp\n",
        ])
        // A name written in another case is found where the volume ignores case: PathCaseTests.
        #expect(facts.targets.map(\.moduleName) == ["MyApp", "MyApp", "Plain_Target", "Home_Launcher"])
        #expect(facts.issues == [])
    }

    @Test func aNameArchlintCantEvaluateIsAnIssueAtTheTarget() {
        let facts = Self.read(Self.project(targets: [
            ("Unknown", "PRODUCT_NAME = \"$(SECRET_NAME)\";", nil),
            ("FromMissingFile", "", "Pods/Target Support Files/App.xcconfig"),
            ("SetHere", "PRODUCT_NAME = SetHere;", "Pods/Target Support Files/App.xcconfig"),
        ]))
        #expect(facts.targets.map(\.moduleName) == [nil, nil, "SetHere"])
        #expect(facts.issues.map(\.message) == [
            "the module name of target `Unknown` can't be known (`$(SECRET_NAME)` is set nowhere in the build settings "
                + "archlint reads (the project's and targets' settings and their xcconfig files), in its Release "
                + "configuration): archlint takes it to be `Unknown`; imports of it may be misread",
            "the module name of target `FromMissingFile` can't be known (`PRODUCT_NAME` may be set in `Pods/Target "
                + "Support Files/App.xcconfig`, which can't be read, in its Release configuration): archlint takes it "
                + "to be `FromMissingFile`; imports of it may be misread",
        ])
    }

    @Test func xcconfigIncludesAreBoundedAndStayInsideTheRoot() {
        let facts = Self.read(Self.project(targets: [("App", "", "a.xcconfig")]), files: [
            "a.xcconfig": "#include \"a.xcconfig\"\n#include \"../outside.xcconfig\"\n#include \"gone.xcconfig\"\nPRODUCT_MODULE_NAME = Kept\n",
        ])
        #expect(facts.targets.map(\.moduleName) == ["Kept"])
        #expect(facts.issues.map { "\($0.file):\($0.line) \($0.message)" } == [
            "a.xcconfig:1 `#include \"a.xcconfig\"` includes itself (an include cycle); remove it",
            "a.xcconfig:2 `#include \"../outside.xcconfig\"` leads outside the scanned root; archlint doesn't read it",
            "a.xcconfig:3 `#include \"gone.xcconfig\"` names no readable file (looked for gone.xcconfig); settings it "
                + "sets are unknown to archlint",
        ])
    }

    /// element-ios' `Riot/Common.xcconfig` includes `Config/AppIdentifiers.xcconfig`, which sits beside the project, not
    /// beside the file: Xcode looks beside the file, then in the project's folder (XcodeProj does the same).
    @Test func anIncludeMissingBesideItsFileIsLookedForInTheProjectsFolder() {
        let facts = Self.read(Self.project(targets: [("App", "", "Riot/Common.xcconfig")]), files: [
            "Riot/Common.xcconfig": "#include \"Config/AppIdentifiers.xcconfig\"\n#include \"Config/Gone.xcconfig\"\n",
            "Config/AppIdentifiers.xcconfig": "PRODUCT_MODULE_NAME = Element\n",
        ])
        #expect(facts.targets.map(\.moduleName) == ["Element"])
        #expect(facts.issues.map { "\($0.file):\($0.line) \($0.message)" } == [
            "Riot/Common.xcconfig:2 `#include \"Config/Gone.xcconfig\"` names no readable file (looked for "
                + "Riot/Config/Gone.xcconfig); settings it sets are unknown to archlint",
        ])
    }

    /// An xcconfig that includes what `pod install` generates, `Pods/` not committed (ModularizingRIBs): no issue at the
    /// include, which the user can't fix; what it sets is unknown, as for an unread base configuration.
    @Test func anIncludeOfAMissingPodsXCConfigIsUnreadWithoutAnIssue() {
        let include = "#include \"../Pods/Target Support Files/Pods-App/Pods-App.release.xcconfig\"\n"
        let facts = Self.read(Self.project(targets: [("App", "", "config/App.xcconfig"), ("Bare", "", "config/Bare.xcconfig")]), files: [
            "config/App.xcconfig": include + "PRODUCT_NAME = Shop\n",
            "config/Bare.xcconfig": include,
        ])
        #expect(facts.targets.map(\.moduleName) == ["Shop", nil])
        #expect(facts.issues.map(\.message) == [
            "the module name of target `Bare` can't be known (`PRODUCT_NAME` may be set in `Pods/Target Support Files/"
                + "Pods-App/Pods-App.release.xcconfig`, which can't be read, in its Release configuration): archlint takes "
                + "it to be `Bare`; imports of it may be misread",
        ])
    }

    /// `#include "Version.public.xcconfig"` beside `Version.Public.xcconfig` (simplenote-ios): found on macOS' default
    /// volume, not on a case-sensitive one, so the issue says which file it meant and how to fix the include.
    @Test func anIncludeSpelledInAnotherCaseNamesTheFile() {
        let facts = Self.read(Self.project(targets: [("App", "", "config/App.xcconfig")]), files: [
            "config/App.xcconfig": "#include \"Version.public.xcconfig\"\n#include \"gone.xcconfig\"\n",
            "config/Version.Public.xcconfig": "PRODUCT_MODULE_NAME = Versioned\n",
            "config/version.public.xcconfig.bak": "",
        ])
        #expect(facts.issues.map { "\($0.file):\($0.line) \($0.message)" } == [
            "config/App.xcconfig:1 `#include \"Version.public.xcconfig\"` names no readable file (looked for "
                + "config/Version.public.xcconfig; config/Version.Public.xcconfig differs from it only in case, which a "
                + "case-sensitive volume tells apart: spell it as the file is named); settings it sets are unknown to "
                + "archlint",
            "config/App.xcconfig:2 `#include \"gone.xcconfig\"` names no readable file (looked for config/gone.xcconfig); "
                + "settings it sets are unknown to archlint",
        ])
    }

    @Test func xcodeGenSettingsAndConfigFilesNameModules() {
        let spec = """
            name: Notes
            settings:
              APP_NAME: Notes
            settingGroups:
              named:
                PRODUCT_MODULE_NAME: Grouped
            targets:
              Notes-iOS:
                type: application
                settings:
                  base:
                    PRODUCT_NAME: $(APP_NAME)
                  configs:
                    debug:
                      PRODUCT_NAME: NotesDebug
              Notes-Mac:
                type: application
                configFiles:
                  Release: Configs/Mac.xcconfig
              Grouped-Target:
                type: framework
                settings:
                  groups: [named]
              Editor:
                type: framework
                platform: [iOS, macOS]
            """
        let facts = XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: InMemoryFileSystem([
            "project.yml": spec,
            "Configs/Mac.xcconfig": "PRODUCT_NAME = Notes for Mac\nPRODUCT_MODULE_NAME = Notes\n",
        ]))
        #expect(facts.targets.map { "\($0.name) \($0.moduleName ?? "-")" } == [
            "Notes-iOS Notes", "Notes-Mac Notes", "Grouped-Target Grouped", "Editor_iOS Editor", "Editor_macOS Editor",
        ])
        #expect(facts.issues == [])
    }
}
