import ArchlintModel
import Manifests
import Testing
@testable import Workspace

/// Project targets as modules: who decides membership, files of several targets, and bad project files.
@Suite struct ProjectWiringTests {
    // MARK: Xcode projects on disk

    @Test func appAndExtensionShareAFileScannedOnce() throws {
        var files = ProjectFixtures.appFiles
        files["Shared/Shared.swift"] = "struct Shared {\n"
        let repo = try TemporaryRepository(files)
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.projects.map(\.path) == ["App.xcodeproj"])
        #expect(model.modules.map(\.id) == [
            "App/App", "App/AppTests", "App/Resources", "App/Widget",
        ])
        #expect(model.files.map { "\($0.path) \($0.module)" } == [
            "App/AppDelegate.swift App/App",
            "AppTests/AppTests.swift App/AppTests",
            "Shared/Shared.swift App/App",
            "Shared/Shared.swift App/Widget",
            "Widget/Model/Entry.swift App/App",
            "Widget/Model/Entry.swift App/Widget",
            "Widget/Widget.swift App/Widget",
        ])
        let shared = model.files.filter { $0.path == "Shared/Shared.swift" }
        #expect(shared[0].facts == shared[1].facts)
        // The file's own problem is said once, about the first module.
        let syntax = model.diagnostics(PipelineRuleID.syntaxError)
        #expect(syntax.map(\.location.file) == ["Shared/Shared.swift"])
        #expect(syntax.map(\.module) == ["App"])
    }

    @Test func projectTargetModulesCarryTheirProjectTypeAndDeclaration() throws {
        let repo = try TemporaryRepository(ProjectFixtures.appFiles)
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.module("App/App") == Module(
            id: "App/App", name: "App", project: "App.xcodeproj", type: .app, path: ".",
            files: ["App/AppDelegate.swift", "Shared/Shared.swift", "Widget/Model/Entry.swift"],
            declaration: SourceLocation(file: "App.xcodeproj/project.pbxproj", line: 24, column: 8)))
        #expect(model.module("App/Widget")?.type == .appExtension)
        #expect(model.module("App/Widget")?.path == ".")
        #expect(model.module("App/AppTests")?.type == .unitTest)
        #expect(model.module("App/AppTests")?.path == "AppTests")
        // A target without Swift files is still a module; an aggregate target is not.
        #expect(model.module("App/Resources")?.files == [])
        #expect(model.module("App/Resources")?.type == .framework)
        #expect(model.module("App/Lint") == nil)
        // The synchronized folder's exception for its only owner: no target compiles it, so no module has it,
        // and the summary counts it.
        #expect(model.module("Widget") == nil)
        #expect(!model.files.contains { $0.path == "Widget/Old/Legacy.swift" })
        #expect(model.skipped.uncompiledFiles == 1)
        #expect(model.skipped.message == "skipped 1 Swift file no target compiles")
    }

    @Test func aFileAProjectListsThatDoesNotExistIsReportedOncePerTarget() throws {
        let repo = try TemporaryRepository(ProjectFixtures.appFiles)
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        let unresolved = model.diagnostics(PipelineRuleID.manifestUnresolved)
        #expect(unresolved.map(\.location) == [SourceLocation(file: "App.xcodeproj/project.pbxproj", line: 27, column: 8)])
        #expect(unresolved.map(\.message) == [
            "target 'AppTests' compiles a Swift file that doesn't exist (first: AppTests/Gone.swift), so archlint "
                + "can't check it; if a build phase generates it (secrets, codegen), keep this in the baseline, else "
                + "remove it from the target or restore the files",
        ])
    }

    /// Issue 32: a file a SwiftPM target and an app both compile belongs to both, and each reads its imports.
    @Test func aFileASwiftPMTargetAndAProjectBothCompileBelongsToBoth() throws {
        let repo = try TemporaryRepository([
            "Package.swift": "",
            "Sources/Core/Main.swift": "",
            "App.xcodeproj/project.pbxproj": ProjectFixtures.singleTargetProject(target: "App", group: "Sources/Core"),
        ])
        let manifest = ManifestFacts(path: "Package.swift", packageName: "Kit", targets: [target("Core")])
        let model = try scanner(manifests: ["Package.swift": manifest]).scan(root: repo.root, configuration: .init())
        #expect(model.files.map { "\($0.path) \($0.module)" }.sorted()
            == ["Sources/Core/Main.swift App/App", "Sources/Core/Main.swift Kit/Core"])
        #expect(model.module("App/App")?.files == ["Sources/Core/Main.swift"])
        #expect(model.module("Kit/Core")?.files == ["Sources/Core/Main.swift"])
    }

    @Test func aProjectWhoseNameAPackageTookIsPrefixedByItsPath() throws {
        let repo = try TemporaryRepository([
            "Package.swift": "",
            "Sources/Core/Core.swift": "",
            "Apps/App.xcodeproj/project.pbxproj": ProjectFixtures.singleTargetProject(target: "App"),
            "Apps/Sources/Main.swift": "",
        ])
        let manifest = ManifestFacts(path: "Package.swift", packageName: "App", targets: [target("Core")])
        let model = try scanner(manifests: ["Package.swift": manifest]).scan(root: repo.root, configuration: .init())
        #expect(model.modules.map(\.id) == ["App/Core", "Apps/App.xcodeproj/App"])
        #expect(model.module("Apps/App.xcodeproj/App")?.files == ["Apps/Sources/Main.swift"])
        #expect(model.module("Apps/App.xcodeproj/App")?.project == "Apps/App.xcodeproj")
    }

    // MARK: Bad project files

    @Test func truncatedProjectIsOneDiagnosticAndTheRestIsAnalysed() throws {
        let text = ProjectFixtures.singleTargetProject(target: "Broken")
        let repo = try TemporaryRepository([
            "Broken/Broken.xcodeproj/project.pbxproj": String(text.prefix(text.count / 2)),
            "Broken/Sources/Main.swift": "",
            "Good/Good.xcodeproj/project.pbxproj": ProjectFixtures.singleTargetProject(target: "Good"),
            "Good/Sources/Main.swift": "",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.diagnostics.map(\.rule) == [PipelineRuleID.unreadableFile])
        let diagnostic = try #require(model.diagnostics.first)
        #expect(diagnostic.location.file == "Broken/Broken.xcodeproj/project.pbxproj")
        #expect(diagnostic.message.hasSuffix("; its targets are ignored"))
        #expect(model.modules.map(\.id) == ["Broken", "Good/Good"])
        #expect(model.module("Good/Good")?.files == ["Good/Sources/Main.swift"])
        #expect(model.projects.map(\.path) == ["Broken/Broken.xcodeproj", "Good/Good.xcodeproj"])
    }

    @Test func mergeConflictIsReportedAtTheMarker() throws {
        let lines = ProjectFixtures.singleTargetProject(target: "App").split(separator: "\n", omittingEmptySubsequences: false)
        var conflicted = Array(lines[0..<6])
        conflicted += ["<<<<<<< HEAD"] + Array(lines[6..<7]) + ["======="] + Array(lines[6..<7]) + [">>>>>>> feature"]
        conflicted += Array(lines[7...])
        let repo = try TemporaryRepository([
            "App.xcodeproj/project.pbxproj": conflicted.joined(separator: "\n"),
            "Sources/Main.swift": "",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.diagnostics.map(\.location) == [
            SourceLocation(file: "App.xcodeproj/project.pbxproj", line: 7, column: 1),
        ])
        #expect(model.diagnostics.map(\.message) == [
            "unresolved git merge conflict (a line starting with `<<<<<<<`): resolve the conflict in this file; Xcode "
                + "can't open the project either; its targets are ignored",
        ])
        #expect(model.modules.map(\.id) == ["Sources"])
    }

    @Test func binaryProjectFileIsUnreadable() throws {
        let repo = try TemporaryRepository(["Sources/Main.swift": ""])
        try repo.write("App.xcodeproj/project.pbxproj", bytes: Array("bplist00".utf8) + [0, 1, 2])
        try repo.write("Other.xcodeproj/project.pbxproj", bytes: [0x7B, 0, 0x7D])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.diagnostics.map(\.rule) == [PipelineRuleID.unreadableFile, PipelineRuleID.unreadableFile])
        #expect(model.diagnostics.map(\.message) == [
            "it is a binary property list; archlint reads the text format Xcode writes — open the project in Xcode "
                + "and save it; its targets are ignored",
            "it contains NUL bytes (binary data, not a project file); its targets are ignored",
        ])
    }

    @Test func danglingReferenceIsManifestUnresolvedAndTheProjectIsStillRead() throws {
        let text = ProjectFixtures.singleTargetProject(target: "App").replacingOccurrences(
            of: "targets = (T1, );", with: "targets = (T1, T9, );")
        let repo = try TemporaryRepository(["App.xcodeproj/project.pbxproj": text, "Sources/Main.swift": ""])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.diagnostics.map(\.rule) == [PipelineRuleID.manifestUnresolved])
        #expect(model.diagnostics.first?.message.contains("`T9`") == true)
        #expect(model.module("App/App")?.files == ["Sources/Main.swift"])
    }

    // MARK: XcodeGen

    @Test func xcodeGenSpecTargetsAreModulesAndItsGeneratedProjectIsNotRead() throws {
        let repo = try TemporaryRepository([
            "Kit/project.yml": ProjectFixtures.spec,
            // Generated from the spec: reading it too would declare every target twice.
            "Kit/Kit.xcodeproj/project.pbxproj": ProjectFixtures.singleTargetProject(target: "KitCore"),
            "Kit/Sources/Core.swift": "",
            "Kit/Tests/CoreTests.swift": "",
            // Not a spec: no top-level `targets:` or `include:`.
            "Tools/project.yml": "name: tools\nsettings:\n  targets: []\n",
            "Tools/Tool.swift": "",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.projects.map(\.path) == ["Kit/project.yml"])
        #expect(model.modules.map(\.id) == ["Kit/KitCore", "Kit/KitCoreTests", "Tools"])
        #expect(model.module("Kit/KitCore")?.type == .framework)
        #expect(model.module("Kit/KitCore")?.files == ["Kit/Sources/Core.swift"])
        #expect(model.module("Kit/KitCoreTests")?.type == .unitTest)
        #expect(model.diagnostics == [])
    }

    /// hrfmmr/ios-di-sandbox: the root spec includes `Features/Alpha/project.yml`, whose target uses a template the
    /// root defines. The included spec is part of the root's project, not a project of its own: its targets are
    /// declared once, and no template is missing.
    @Test func anIncludedSpecIsReadWithItsIncluderOnly() throws {
        let repo = try TemporaryRepository([
            "project.yml": """
                name: app
                include: [Features/Alpha/project.yml]
                targetTemplates:
                  FeatureFramework:
                    platform: iOS
                    type: framework
                    sources:
                      - Features/${target_name}/${target_name}
                targets:
                  App:
                    type: application
                    platform: iOS
                    sources: [App]
                    dependencies: [{target: Alpha}]
                """,
            "Features/Alpha/project.yml": "targets:\n  Alpha:\n    templates: [FeatureFramework]\n",
            "Features/Alpha/Alpha/Alpha.swift": "",
            "App/App.swift": "import Alpha\n",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.projects.map(\.path) == ["project.yml"])
        #expect(model.modules.map(\.id) == ["app/Alpha", "app/App"])
        #expect(model.module("app/Alpha")?.files == ["Features/Alpha/Alpha/Alpha.swift"])
        #expect(model.diagnostics.map(\.message) == [])
    }

    @Test func brokenSpecIsOneDiagnosticAndTheRestIsAnalysed() throws {
        let repo = try TemporaryRepository([
            "Kit/project.yml": "name: Kit\ntargets:\n  KitCore: [unclosed\n",
            "Kit/Sources/Core.swift": "",
            "Good/project.yml": ProjectFixtures.spec,
            "Good/Sources/Core.swift": "",
            "Good/Tests/CoreTests.swift": "",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.diagnostics.map(\.rule) == [PipelineRuleID.unreadableFile])
        #expect(model.diagnostics.first?.location.file == "Kit/project.yml")
        #expect(model.diagnostics.first?.message.hasPrefix("invalid YAML") == true)
        #expect(model.diagnostics.first?.message.hasSuffix("; its targets are ignored") == true)
        #expect(model.modules.map(\.id) == ["Kit", "Kit/KitCore", "Kit/KitCoreTests"])
    }

    @Test func specWithMergeConflictIsReportedAtTheMarker() throws {
        let repo = try TemporaryRepository([
            "project.yml": "name: App\ntargets:\n<<<<<<< HEAD\n  App:\n=======\n  Main:\n>>>>>>> other\n    type: application\n",
            "Sources/Main.swift": "",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.diagnostics.map(\.location) == [SourceLocation(file: "project.yml", line: 3, column: 1)])
        #expect(model.diagnostics.map(\.rule) == [PipelineRuleID.unreadableFile])
    }

    // MARK: Workspaces

    @Test func workspaceAddsItsLocalPackagesToItsProjects() throws {
        let repo = try TemporaryRepository([
            "App.xcworkspace/contents.xcworkspacedata": """
                <?xml version="1.0" encoding="UTF-8"?>
                <Workspace version = "1.0">
                   <FileRef location = "group:Packages/Kit"></FileRef>
                   <FileRef location = "group:App.xcodeproj"></FileRef>
                </Workspace>
                """,
            "App.xcodeproj/project.pbxproj": ProjectFixtures.singleTargetProject(target: "App"),
            // The project's own workspace is not a workspace of the repository.
            "App.xcodeproj/project.xcworkspace/contents.xcworkspacedata": "<Workspace version = \"1.0\"></Workspace>",
            "Sources/Main.swift": "",
            "Packages/Kit/Package.swift": "",
            "Packages/Kit/Sources/Kit/Kit.swift": "",
        ])
        let manifest = ManifestFacts(path: "Packages/Kit/Package.swift", packageName: "Kit", targets: [target("Kit")])
        let model = try scanner(manifests: ["Packages/Kit/Package.swift": manifest])
            .scan(root: repo.root, configuration: .init())
        #expect(model.projects.map(\.path) == ["App.xcodeproj", "Packages/Kit/Package.swift"])
        #expect(model.projects.first?.packages == [ProjectPackageReference(kind: .local, location: "Packages/Kit")])
        #expect(model.modules.map(\.id) == ["App/App", "Kit/Kit"])
        #expect(model.diagnostics == [])
    }

    // MARK: Tuist

    @Test func tuistFilesAreNotAppCode() throws {
        let repo = try TemporaryRepository([
            "Tuist/Config.swift": "",
            "Tuist/ProjectDescriptionHelpers/Project+Module.swift": "",
            "Tuist/Package.swift": "",
            "Plugins/Paths/Plugin.swift": "",
            "Plugins/Paths/ProjectDescriptionHelpers/ModulePaths.swift": "",
            "Workspace.swift": "",
            "Projects/App/Project.swift": "",
            "Projects/App/Sources/AppDelegate.swift": "",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.files.map(\.path) == ["Projects/App/Sources/AppDelegate.swift"])
        #expect(model.projects.map(\.source) == [.tuist])
        #expect(model.skipped.tuistFiles == 7)
        #expect(model.skipped.message == "skipped 7 Tuist manifest and tooling files")
        #expect(model.projects.map(\.path) == ["Projects/App/Project.swift"])
        #expect(model.projects.map(\.source) == [.tuist])
    }

    /// A micro-feature project whose manifest reads a JSON file (which archlint never does).
    private static let unevaluableTuistRepository = [
        "Tuist/Config.swift": "",
        "Projects/Feature/Home/Project.swift": """
            import Foundation
            import ProjectDescription

            let names = try! JSONDecoder().decode([String].self, from: FileManager.default.contents(atPath: "targets.json")!)
            let project = Project(name: "Home", targets: names.map { Target.make(name: $0) })

            """,
        "Projects/Feature/Home/Sources/HomeView.swift": "struct HomeView {}\n",
        "Projects/Feature/Home/Interface/HomeBuilding.swift": "protocol HomeBuilding {}\n",
        "Projects/Feature/Home/Tests/HomeTests.swift": "import XCTest\n",
    ]

    @Test func folderConventionsGiveTheModulesOfAnUnevaluableManifestOnlyWhenConfigAsks() throws {
        let repo = try TemporaryRepository(Self.unevaluableTuistRepository)
        var configuration = ArchlintConfiguration()
        configuration.tuist.folderConventions = true
        let model = try uncachedScanner().scan(root: repo.root, configuration: configuration)
        #expect(model.modules.map { "\($0.id) \($0.type.rawValue) \($0.files)" } == [
            "Home/Home static-library [\"Projects/Feature/Home/Sources/HomeView.swift\"]",
            "Home/HomeInterface framework [\"Projects/Feature/Home/Interface/HomeBuilding.swift\"]",
            "Home/HomeTests unit-test [\"Projects/Feature/Home/Tests/HomeTests.swift\"]",
        ])
        let notes = model.diagnostics(PipelineRuleID.manifestUnresolved)
            .filter { $0.message.contains("micro-feature folder convention") }
        #expect(notes.map(\.location.file) == ["Projects/Feature/Home/Project.swift"])
        #expect(notes.map(\.message) == [
            "archlint could not evaluate this manifest, so its targets come from the micro-feature folder convention, "
                + "as the config asks: HomeInterface, Home, HomeTests; their dependencies on other projects are "
                + "missing. Declare them in `modules:` in .archlint.yml",
        ])

        let strict = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(strict.modules.filter { $0.project != nil } == [])
        #expect(strict.projects.map { $0.targets.count } == [0])
        #expect(!strict.diagnostics.contains { $0.message.contains("micro-feature folder convention") })
        #expect(!strict.diagnostics(PipelineRuleID.manifestUnresolved).isEmpty)
    }

    @Test func projectSwiftOutsideATuistRepositoryIsCode() throws {
        let repo = try TemporaryRepository(["Sources/Project.swift": "", "Sources/Workspace.swift": ""])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.files.map(\.path) == ["Sources/Project.swift", "Sources/Workspace.swift"])
        #expect(model.skipped.tuistFiles == 0)
        #expect(model.projects == [])
    }

    // MARK: Config

    @Test func configEntriesGiveTypeAndDependenciesAndOverrideProjectTargets() throws {
        let repo = try TemporaryRepository([
            "App.xcodeproj/project.pbxproj": ProjectFixtures.singleTargetProject(target: "App"),
            "Sources/Main.swift": "",
            "Legacy/Old.swift": "",
            "Scripts/Tool.swift": "",
        ])
        let configuration = ArchlintConfiguration(modules: [
            ModuleMapping(path: "Legacy/**", name: "Legacy", type: .framework, dependencies: ["Core", "App"]),
            // Names a project target: joins it, and its type wins.
            ModuleMapping(path: "Nothing/**", name: "App", type: .appClip),
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: configuration)
        #expect(model.modules.map(\.id) == ["App/App", "Legacy", "Scripts"])
        #expect(model.module("Legacy") == Module(
            id: "Legacy", name: "Legacy", project: ".archlint.yml", type: .framework, path: "Legacy",
            files: ["Legacy/Old.swift"]))
        #expect(model.module("App/App")?.type == .appClip)
        #expect(model.module("App/App")?.project == "App.xcodeproj")
        #expect(model.module("Scripts")?.type == .unassigned)
        #expect(model.projects.map(\.path) == [".archlint.yml", "App.xcodeproj"])
        let config = try #require(model.projects.first)
        #expect(config.source == .config)
        #expect(config.targets.map(\.name) == ["App/App", "Legacy"])
        #expect(config.targets.map(\.type) == [.appClip, .framework])
        #expect(config.targets[1].dependencies == [
            ProjectTargetDependency(kind: .module, name: "Core", file: ".archlint.yml", line: 1, column: 1),
            ProjectTargetDependency(kind: .module, name: "App", file: ".archlint.yml", line: 1, column: 1),
        ])
        #expect(config.targets[0].dependencies == [])
    }

    // MARK: Fingerprint

    @Test func editingAProjectFileChangesTheTreeFingerprint() throws {
        let cache = try TemporaryRepository()
        let repo = try TemporaryRepository(ProjectFixtures.appFiles.merging(["Kit/project.yml": ProjectFixtures.spec]) { $1 })
        repo.setModificationTimeOfAllFiles()
        var scanner = WorkspaceScanner(options: ScanOptions(cacheDirectory: cache.root))
        scanner.clock = { currentTimeNanoseconds() + 3_600_000_000_000 }
        let before = try #require(scanner.probe(root: repo.root, configuration: .init())?.fingerprint)
        let scanned = try scanner.scanWithStatistics(root: repo.root, configuration: .init())
        #expect(scanned.fingerprint == before)
        try repo.write("Kit/project.yml", ProjectFixtures.spec + "\n")
        repo.setModificationTime("Kit/project.yml", epochSeconds: 1_600_000_100)
        let after = try #require(scanner.probe(root: repo.root, configuration: .init())?.fingerprint)
        #expect(after != before)
    }

    /// The readers read a target's Info.plist (its principal class): the fingerprint holds it, so a scan that read
    /// one still vouches for its tree (woocommerce's unchanged lint went from 50 to 150 ms without it), and an edit
    /// to it is seen.
    @Test func anInfoPlistTheReadersReadIsPartOfTheTreeFingerprint() throws {
        let cache = try TemporaryRepository()
        let repo = try TemporaryRepository([
            "project.yml": """
                name: App
                targets:
                  Share:
                    type: app-extension
                    platform: iOS
                    sources: [Share]
                    info:
                      path: Share/Info.plist

                """,
            "Share/Info.plist": "<plist><dict><key>NSExtensionPrincipalClass</key><string>Kit.Share</string></dict></plist>\n",
            "Share/Share.swift": "import Foundation\n",
        ])
        let scan = try FingerprintedScan(repo, cache: cache, edit: "Share/Info.plist", to: "<plist><dict></dict></plist>\n")
        #expect(scan.model.projects.first?.targets.first?.principalClassModules == ["Kit"])
        #expect(scan.editChangesTheFingerprint)
    }
}

/// nextcloud's share extension compiles `NCKeyChainController.m`, which `@import`s UICKeyChainStore: the modules a
/// target's Objective-C and C code, its bridging header and their local headers import are uses (`ObjectiveCImports`),
/// and a change to those files changes the tree fingerprint.
@Suite struct ObjectiveCImportsTests {
    static let project = """
        // !$*UTF8*$!
        {
        	objects = {
        		B1 = {isa = PBXBuildFile; fileRef = F1; };
        		B2 = {isa = PBXBuildFile; fileRef = F2; };
        		F1 = {isa = PBXFileReference; path = Share/Share.swift; sourceTree = SOURCE_ROOT; };
        		F2 = {isa = PBXFileReference; path = Share/Keychain.m; sourceTree = SOURCE_ROOT; };
        		G0 = {isa = PBXGroup; children = (F1, F2, ); sourceTree = "<group>"; };
        		PH1 = {isa = PBXSourcesBuildPhase; files = (B1, B2, ); };
        		L1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); defaultConfigurationName = Release; };
        		C1 = {isa = XCBuildConfiguration; buildSettings = {SWIFT_OBJC_BRIDGING_HEADER = "Share/Share-Bridging-Header.h"; }; name = Release; };
        		T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (PH1, ); name = Share; productType = "com.apple.product-type.app-extension"; };
        		R0 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1, ); };
        	};
        	rootObject = R0;
        }
        """

    @Test func whatObjectiveCCodeImportsIsUsedAndFingerprinted() throws {
        let cache = try TemporaryRepository()
        let repo = try TemporaryRepository([
            "App.xcodeproj/project.pbxproj": Self.project,
            "Share/Share.swift": "import Foundation\n",
            "Share/Keychain.m": "#import \"Keychain.h\"\n  @import Store;\n#include <string.h>\n",
            "Share/Keychain.h": "#import <Foundation/Foundation.h>\n#import \"Deeper.h\"\n",
            "Share/Deeper.h": "#import <Crypto/Crypto.h>\n#import \"Deepest.h\"\n",
            "Share/Deepest.h": "#import <TooDeep/TooDeep.h>\n",
            "Share/Share-Bridging-Header.h": "# import <Bridged/Bridged.h>\n",
        ])
        let scan = try FingerprintedScan(repo, cache: cache, edit: "Share/Keychain.m", to: "@import Other;\n")
        #expect(scan.model.projects.first?.targets.first?.objectiveCImports == ["Bridged", "Crypto", "Foundation", "Store"])
        #expect(scan.editChangesTheFingerprint)
    }
}

/// A scan whose tree fingerprint the probe vouches for, then one file edited: whether the probe notices.
struct FingerprintedScan {
    let model: WorkspaceModel
    let editChangesTheFingerprint: Bool

    init(_ repo: TemporaryRepository, cache: TemporaryRepository, edit path: String, to text: String) throws {
        repo.setModificationTimeOfAllFiles()
        var scanner = WorkspaceScanner(options: ScanOptions(cacheDirectory: cache.root))
        scanner.clock = { currentTimeNanoseconds() + 3_600_000_000_000 }
        let before = try #require(scanner.probe(root: repo.root, configuration: .init())?.fingerprint)
        let scanned = try scanner.scanWithStatistics(root: repo.root, configuration: .init())
        #expect(scanned.fingerprint == before)
        model = scanned.model
        try repo.write(path, text)
        repo.setModificationTime(path, epochSeconds: 1_600_000_100)
        editChangesTheFingerprint = try #require(scanner.probe(root: repo.root, configuration: .init())?.fingerprint) != before
    }
}

/// Membership decided from `ProjectFacts` alone, without files on disk.
@Suite struct ProjectMembershipTests {
    func mapper(_ projects: [ProjectFacts], manifests: [ManifestFacts] = [], modules: [ModuleMapping] = [])
        -> ModuleMapper
    {
        ModuleMapper(
            projects: manifests.map { ProjectFacts(package: $0, rootName: "Repo") } + projects, configuration: ArchlintConfiguration(modules: modules),
            directories: [], rootName: "Repo", existsOnDisk: { _ in false })
    }

    @Test func synchronizedFolderOwnerAndNonOwner() {
        let project = ProjectFacts(path: "App.xcodeproj", source: .xcodeproj, targets: [
            ProjectTarget(
                name: "App", productTypeIdentifier: "com.apple.product-type.application",
                synchronizedFolders: [SynchronizedFolder(path: "App", excluded: ["App/Preview", "App/Debug.swift"])],
                line: 3, column: 1),
            ProjectTarget(
                name: "Widget", productTypeIdentifier: "com.apple.product-type.app-extension",
                synchronizedAdditions: ["App/Shared/Model.swift"], line: 4, column: 1),
        ])
        let result = mapper([project]).map(files: [
            "App/Debug.swift", "App/Main.swift", "App/Preview/Preview.swift", "App/Shared/Model.swift", "Other.swift",
        ])
        // The exceptions of the folder's only owner: Xcode compiles them for no target, so no module has them.
        #expect(result.modulesOfFile == [
            "App/Main.swift": ["App/App"],
            "App/Shared/Model.swift": ["App/App", "App/Widget"],
            "Other.swift": ["Repo"],
        ])
        #expect(result.uncompiledFiles == ["App/Debug.swift", "App/Preview/Preview.swift"])
        #expect(result.modules.map(\.id) == ["App/App", "App/Widget", "Repo"])
        #expect(result.modules.first { $0.id == "App/Widget" }?.path == "App/Shared")
    }

    @Test func aConfigGlobStillMapsWhatEveryTargetLeavesOut() {
        let project = ProjectFacts(path: "App.xcodeproj", source: .xcodeproj, targets: [
            ProjectTarget(
                name: "App", productTypeIdentifier: "com.apple.product-type.application",
                synchronizedFolders: [SynchronizedFolder(path: "App", excluded: ["App/Preview"])], line: 3, column: 1),
        ])
        let result = mapper([project], modules: [ModuleMapping(path: "App/Preview/**", name: "Previews")])
            .map(files: ["App/Main.swift", "App/Preview/Preview.swift"])
        #expect(result.modulesOfFile == ["App/Main.swift": ["App/App"], "App/Preview/Preview.swift": ["Previews"]])
        #expect(result.uncompiledFiles.isEmpty)
    }

    @Test func twoProjectsWithOneNameAreTellApartByPath() {
        let first = ProjectFacts(path: "A/App.xcodeproj", source: .xcodeproj, targets: [
            ProjectTarget(name: "App", productTypeIdentifier: "com.apple.product-type.application", swiftSources: ["A/Main.swift"], line: 1, column: 1),
        ])
        let second = ProjectFacts(path: "B/App.xcodeproj", source: .xcodeproj, targets: [
            ProjectTarget(name: "App", productTypeIdentifier: "com.apple.product-type.application", swiftSources: ["B/Main.swift"], line: 1, column: 1),
        ])
        let result = mapper([second, first]).map(files: ["A/Main.swift", "B/Main.swift"])
        #expect(result.modules.map(\.id) == ["App/App", "B/App.xcodeproj/App"])
        #expect(result.modulesOfFile["B/Main.swift"] == ["B/App.xcodeproj/App"])
    }

    @Test func configGlobsStillMapWhatNoTargetCompiles() {
        let project = ProjectFacts(path: "App.xcodeproj", source: .xcodeproj, targets: [
            ProjectTarget(name: "App", productTypeIdentifier: "com.apple.product-type.application", swiftSources: ["App/Main.swift"], line: 1, column: 1),
        ])
        let result = mapper([project], modules: [ModuleMapping(path: "App/**", name: "Everything")])
            .map(files: ["App/Main.swift", "App/Extra.swift"])
        #expect(result.modulesOfFile == ["App/Main.swift": ["App/App"], "App/Extra.swift": ["Everything"]])
        #expect(result.modules.first { $0.id == "Everything" }?.type == .config)
        #expect(result.modules.first { $0.id == "Everything" }?.project == nil)
        #expect(result.configProject == nil)
    }

    @Test func configJoinsAModuleByUniqueNameOnly() {
        let projects = ["A", "B"].map { name in
            ProjectFacts(path: "\(name)/\(name).xcodeproj", source: .xcodeproj, targets: [
                ProjectTarget(name: "Shared", productTypeIdentifier: "com.apple.product-type.framework", line: 1, column: 1),
                ProjectTarget(name: name + "App", productTypeIdentifier: "com.apple.product-type.application", line: 2, column: 1),
            ])
        }
        let result = mapper(projects, modules: [
            ModuleMapping(path: "Extra/A/**", name: "AApp"),
            ModuleMapping(path: "Extra/Shared/**", name: "Shared"),
        ]).map(files: ["Extra/A/One.swift", "Extra/Shared/Two.swift"])
        #expect(result.modulesOfFile == ["Extra/A/One.swift": ["A/AApp"], "Extra/Shared/Two.swift": ["Shared"]])
        #expect(result.modules.map(\.id) == ["A/AApp", "A/Shared", "B/BApp", "B/Shared", "Shared"])
    }
}

@Suite struct ProjectFileTextTests {
    @Test func xcodeGenSpecsAreToldByTheirTopLevelKeys() {
        func isSpec(_ text: String) -> Bool { ProjectFileText.hasTopLevelKey(["targets", "include"], in: Array(text.utf8)[...]) }
        #expect(isSpec("name: App\ntargets:\n  App: {}\n"))
        #expect(isSpec("include: [base.yml]\n"))
        #expect(isSpec("targets: {}"))
        #expect(isSpec("name: App\r\ntargets:\r\n"))
        #expect(!isSpec("name: App\nsettings:\n  targets: []\n"))
        #expect(!isSpec("targetsX: 1\n# targets:\n"))
        #expect(!isSpec(""))
    }
}
