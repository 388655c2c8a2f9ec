import ArchlintModel
import Manifests
import Testing
@testable import Workspace

@Suite struct ModuleMappingTests {
    @Test func swiftPMDefaultDirectories() throws {
        let repo = try TemporaryRepository([
            "Package.swift": "",
            "Sources/Core/Core.swift": "",
            "Tests/CoreTests/CoreTests.swift": "",
            "Plugins/Gen/Gen.swift": "",
            "src/Legacy/Legacy.swift": "",
        ])
        let manifest = ManifestFacts(path: "Package.swift", packageName: "Kit", targets: [
            target("Core", line: 5), target("CoreTests", .test, line: 6), target("Gen", .plugin, line: 7),
            target("Legacy", line: 8), target("Empty", line: 9),
        ])
        let model = try scanner(manifests: ["Package.swift": manifest]).scan(root: repo.root, configuration: .init())
        #expect(model.modules.map(\.id) == ["Kit/Core", "Kit/CoreTests", "Kit/Empty", "Kit/Gen", "Kit/Legacy"])
        #expect(model.module("Kit/Core") == Module(
            id: "Kit/Core", name: "Core", package: "Kit", manifest: "Package.swift", type: .regular,
            path: "Sources/Core", files: ["Sources/Core/Core.swift"],
            declaration: SourceLocation(file: "Package.swift", line: 5, column: 9)))
        #expect(model.module("Kit/CoreTests")?.type == .test)
        #expect(model.module("Kit/CoreTests")?.files == ["Tests/CoreTests/CoreTests.swift"])
        #expect(model.module("Kit/Gen")?.type == .plugin)
        #expect(model.module("Kit/Gen")?.files == ["Plugins/Gen/Gen.swift"])
        #expect(model.module("Kit/Legacy")?.path == "src/Legacy")
        #expect(model.module("Kit/Legacy")?.files == ["src/Legacy/Legacy.swift"])
        // Declared but without sources: still a node, at SwiftPM's default path.
        #expect(model.module("Kit/Empty")?.files == [])
        #expect(model.module("Kit/Empty")?.path == "Sources/Empty")
        #expect(model.files.map(\.module) == ["Kit/Gen", "Kit/Core", "Kit/CoreTests", "Kit/Legacy"])
    }

    @Test func customPathSourcesAndExclude() throws {
        let repo = try TemporaryRepository([
            "AppPackage/Package.swift": "",
            "AppPackage/Sources/Core/UI/View.swift": "",
            "AppPackage/Sources/Core/UI/Internal/Helper.swift": "",
            "AppPackage/Sources/Core/UI/Old/Legacy.swift": "",
            "AppPackage/Sources/Core/UI/Skip.generated.swift": "",
            "AppPackage/Sources/Mixed/Picked/A.swift": "",
            "AppPackage/Sources/Mixed/Single.swift": "",
            "AppPackage/Sources/Mixed/NotPicked.swift": "",
        ])
        let manifest = ManifestFacts(path: "AppPackage/Package.swift", packageName: "AppPackage", targets: [
            target("UICore", path: "./Sources/Core/UI/", exclude: ["Old", "*.generated.swift"]),
            target("Mixed", sources: ["Picked", "Single.swift"]),
        ])
        let model = try scanner(manifests: ["AppPackage/Package.swift": manifest]).scan(root: repo.root, configuration: .init())
        #expect(model.module("AppPackage/UICore")?.path == "AppPackage/Sources/Core/UI")
        #expect(model.module("AppPackage/UICore")?.files == [
            "AppPackage/Sources/Core/UI/Internal/Helper.swift", "AppPackage/Sources/Core/UI/View.swift",
        ])
        #expect(model.module("AppPackage/Mixed")?.files == [
            "AppPackage/Sources/Mixed/Picked/A.swift", "AppPackage/Sources/Mixed/Single.swift",
        ])
        // Excluded files are compiled by no module (SwiftPM never builds them: test fixtures read as text);
        // files `sources:` doesn't list fall through to the unassigned rule.
        #expect(model.moduleID(ofFile: "AppPackage/Sources/Core/UI/Old/Legacy.swift") == nil)
        #expect(model.moduleID(ofFile: "AppPackage/Sources/Core/UI/Skip.generated.swift") == nil)
        #expect(model.moduleID(ofFile: "AppPackage/Sources/Mixed/NotPicked.swift") == "AppPackage")
        #expect(model.module("AppPackage")?.type == .unassigned)
        #expect(model.module("AppPackage")?.path == "AppPackage")
    }

    @Test func nestedPackagesInnermostWinsAndUnclaimedFilesFallThrough() throws {
        let repo = try TemporaryRepository([
            "Package.swift": "",
            "Sources/Outer/Outer.swift": "",
            "Sources/Outer/Inner/Package.swift": "",
            "Sources/Outer/Inner/Sources/InnerLib/Lib.swift": "",
            "Sources/Outer/Inner/Scripts/Tool.swift": "",
        ])
        let manifests = [
            "Package.swift": ManifestFacts(path: "Package.swift", packageName: "Outer", targets: [target("Outer")]),
            "Sources/Outer/Inner/Package.swift": ManifestFacts(
                path: "Sources/Outer/Inner/Package.swift", packageName: "Inner", targets: [target("InnerLib")]),
        ]
        let model = try scanner(manifests: manifests).scan(root: repo.root, configuration: .init())
        #expect(model.module("Outer/Outer")?.files == ["Sources/Outer/Inner/Scripts/Tool.swift", "Sources/Outer/Outer.swift"])
        #expect(model.module("Inner/InnerLib")?.files == ["Sources/Outer/Inner/Sources/InnerLib/Lib.swift"])
        #expect(model.module("Inner/InnerLib")?.manifest == "Sources/Outer/Inner/Package.swift")
    }

    @Test func packageWithoutNameUsesItsDirectoryAndDuplicateNamesStayUnique() throws {
        let repo = try TemporaryRepository([
            "Libs/Networking/Package.swift": "",
            "Libs/Networking/Sources/API/API.swift": "",
            "Other/Core/Package.swift": "",
            "Other/Core/Sources/API/API.swift": "",
            "Third/Package.swift": "",
            "Third/Sources/API/API.swift": "",
        ])
        let manifests = [
            "Libs/Networking/Package.swift": ManifestFacts(path: "Libs/Networking/Package.swift", targets: [target("API")]),
            "Other/Core/Package.swift": ManifestFacts(path: "Other/Core/Package.swift", packageName: "Core", targets: [target("API")]),
            "Third/Package.swift": ManifestFacts(path: "Third/Package.swift", packageName: "Core", targets: [target("API")]),
        ]
        let model = try scanner(manifests: manifests).scan(root: repo.root, configuration: .init())
        #expect(model.modules.map(\.id) == ["Core/API", "Networking/API", "Third/API"])
        #expect(model.module("Networking/API")?.package == "Networking")
        #expect(model.module("Third/API")?.package == "Core")
        #expect(model.module("Third/API")?.files == ["Third/Sources/API/API.swift"])
    }

    @Test func targetDeclaredTwiceUnderIfBranchesIsOneModule() throws {
        let repo = try TemporaryRepository([
            "Package.swift": "", "Sources/Linux/A.swift": "", "Sources/Apple/B.swift": "",
        ])
        let manifest = ManifestFacts(path: "Package.swift", packageName: "P", targets: [
            target("Platform", path: "Sources/Apple", line: 4), target("Platform", path: "Sources/Linux", line: 6),
        ])
        let model = try scanner(manifests: ["Package.swift": manifest]).scan(root: repo.root, configuration: .init())
        #expect(model.modules.map(\.id) == ["P/Platform"])
        #expect(model.module("P/Platform")?.files == ["Sources/Apple/B.swift", "Sources/Linux/A.swift"])
        #expect(model.module("P/Platform")?.declaration?.line == 4)
    }

    @Test func configModulesWithCapturesTuistStyle() throws {
        let repo = try TemporaryRepository([
            "Projects/Feature/Home/Sources/HomeView.swift": "",
            "Projects/Feature/Home/Sources/Sub/HomeRouter.swift": "",
            "Projects/Feature/Home/Tests/HomeTests.swift": "",
            "Projects/Feature/Profile/Sources/ProfileView.swift": "",
            "Projects/App/Sources/AppDelegate.swift": "",
        ])
        let configuration = ArchlintConfiguration(modules: [
            ModuleMapping(path: "Projects/Feature/*/Sources/**", name: "$1"),
            ModuleMapping(path: "Projects/Feature/*/Tests/**", name: "$1Tests"),
            ModuleMapping(path: "Projects/**", name: "Everything"),
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: configuration)
        #expect(model.modules.map(\.id) == ["Everything", "Home", "HomeTests", "Profile"])
        #expect(model.module("Home") == Module(
            id: "Home", name: "Home", type: .config, path: "Projects/Feature/Home/Sources",
            files: ["Projects/Feature/Home/Sources/HomeView.swift", "Projects/Feature/Home/Sources/Sub/HomeRouter.swift"]))
        #expect(model.module("HomeTests")?.files == ["Projects/Feature/Home/Tests/HomeTests.swift"])
        // First match wins: the catch-all only gets what the feature mappings didn't take.
        #expect(model.module("Everything")?.files == ["Projects/App/Sources/AppDelegate.swift"])
    }

    @Test func targetsWinOverConfigMappings() throws {
        let repo = try TemporaryRepository(["Package.swift": "", "Sources/Lib/Lib.swift": "", "Sources/Loose.swift": ""])
        let manifest = ManifestFacts(path: "Package.swift", packageName: "P", targets: [target("Lib")])
        let configuration = ArchlintConfiguration(modules: [ModuleMapping(path: "Sources/**", name: "Mapped")])
        let model = try scanner(manifests: ["Package.swift": manifest]).scan(root: repo.root, configuration: configuration)
        #expect(model.moduleID(ofFile: "Sources/Lib/Lib.swift") == "P/Lib")
        #expect(model.moduleID(ofFile: "Sources/Loose.swift") == "Mapped")
    }

    @Test func unassignedFilesAreNamedAfterTheirTopLevelFolderOrTheRoot() throws {
        let repo = try TemporaryRepository([
            "MainApp/AppDelegate.swift": "", "MainApp/Scenes/Home.swift": "", "Scripts/gen.swift": "", "main.swift": "",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        let rootName = RelativePath.lastComponent(repo.root)
        #expect(model.modules.map(\.id) == [rootName, "MainApp", "Scripts"].sorted())
        #expect(model.module("MainApp") == Module(
            id: "MainApp", name: "MainApp", type: .unassigned, path: "MainApp",
            files: ["MainApp/AppDelegate.swift", "MainApp/Scenes/Home.swift"]))
        #expect(model.module(rootName)?.files == ["main.swift"])
        #expect(model.module(rootName)?.path == ".")
        #expect(model.module(rootName)?.type == .unassigned)
    }

    @Test func targetAtThePackageRootAndTargetsThatOwnNoSwiftFiles() throws {
        let repo = try TemporaryRepository([
            "Tool/Package.swift": "",
            "Tool/main.swift": "",
            "Tool/Sources/CZlib/shim.swift": "",
            "Tool/Frameworks/Lottie.xcframework/Headers/x.swift": "",
            "Tool/Source/Legacy/Legacy.swift": "",
            "Tool/Sources/LegacyTests/T.swift": "",
        ])
        let manifest = ManifestFacts(path: "Tool/Package.swift", packageName: "Tool", targets: [
            target("tool", .executable, path: "."),
            target("CZlib", .systemLibrary),
            target("Lottie", .binary, path: "Frameworks/Lottie.xcframework"),
            target("Legacy"),
            target("LegacyTests", .test),
        ])
        let model = try scanner(manifests: ["Tool/Package.swift": manifest]).scan(root: repo.root, configuration: .init())
        // Deeper target directories win over the package-root target.
        #expect(model.module("Tool/Legacy")?.files == ["Tool/Source/Legacy/Legacy.swift"])
        // No Tests/LegacyTests: SwiftPM falls back to Sources/LegacyTests for test targets.
        #expect(model.module("Tool/LegacyTests")?.files == ["Tool/Sources/LegacyTests/T.swift"])
        #expect(model.module("Tool/CZlib")?.type == .systemLibrary)
        #expect(model.module("Tool/CZlib")?.files == [])
        #expect(model.module("Tool/Lottie")?.type == .binary)
        #expect(model.module("Tool/Lottie")?.files == [])
        #expect(model.module("Tool/tool")?.path == "Tool")
        // The binary's own folder is a prebuilt bundle, skipped as vendored: nothing in it is compiled.
        #expect(model.module("Tool/tool")?.files == ["Tool/Sources/CZlib/shim.swift", "Tool/main.swift"])
        #expect(model.skipped.vendoredFolders == 1)
    }

    @Test func targetPathEscapingTheRootOwnsNothing() throws {
        let repo = try TemporaryRepository(["Package.swift": "", "Sources/A/A.swift": ""])
        let manifest = ManifestFacts(
            path: "Package.swift", packageName: "P", targets: [target("A", path: "../../elsewhere", line: 7)])
        let model = try scanner(manifests: ["Package.swift": manifest]).scan(root: repo.root, configuration: .init())
        #expect(model.module("P/A")?.files == [])
        #expect(model.module("P/A")?.path == nil)
        let warning = try #require(model.diagnostics(PipelineRuleID.manifestUnresolved).first)
        #expect(warning.location == SourceLocation(file: "Package.swift", line: 7, column: 9))
        #expect(warning.message.contains("outside the scanned root"))
        #expect(model.moduleID(ofFile: "Sources/A/A.swift") == "Sources")
    }

    /// `path: "/etc"` was read as `<package>/etc`; now it owns nothing and is reported.
    @Test func absoluteTargetPathIsNeverReadAsPackageRelative() throws {
        let repo = try TemporaryRepository(["Package.swift": "", "etc/A.swift": ""])
        let manifest = ManifestFacts(path: "Package.swift", packageName: "P", targets: [target("A", path: "/etc", line: 7)])
        let model = try scanner(manifests: ["Package.swift": manifest]).scan(root: repo.root, configuration: .init())
        #expect(model.module("P/A")?.files == [])
        #expect(model.module("P/A")?.path == nil)
        let warning = try #require(model.diagnostics(PipelineRuleID.manifestUnresolved).first)
        #expect(warning.message.contains("\"/etc\""))
        #expect(model.moduleID(ofFile: "etc/A.swift") == "etc")
    }

    @Test func relativePathHelpers() {
        #expect(RelativePath.join("AppPackage", "./Sources/../Sources/X/") == "AppPackage/Sources/X")
        #expect(RelativePath.join("", "..") == nil)
        #expect(RelativePath.isInside("Sources/AB/x.swift", "Sources/A") == false)
        #expect(RelativePath.isInside("Sources/A/x.swift", "Sources/A"))
        #expect(RelativePath.isInside("x.swift", ""))
        #expect(RelativePath.commonDirectory(of: ["a/b/c.swift", "a/b/d/e.swift", "a/bc/f.swift"]) == "a")
    }
}
