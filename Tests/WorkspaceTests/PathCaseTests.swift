import ArchlintModel
import Foundation
import Testing
@testable import Workspace

/// Paths from projects, manifests and the config, written in another case than the folders on disk: they name those
/// folders where the volume ignores case (APFS and HFS+ as macOS formats them) and nothing where it doesn't (ext4).
/// The answer is injected (`ScanOptions.pathCase`), so both run on Linux.
@Suite struct PathCaseTests {
    /// `Sources/app/main.swift` (a group and its file), the synchronized folder `widget`, XcodeGen's `feature` with
    /// an exclude glob, a package target at `sources/kit` and a config glob `tools/**`: every one spelled
    /// differently from the folders and files below.
    static let project = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 77;
        	objects = {
        		B1 = {isa = PBXBuildFile; fileRef = F1; };
        		F1 = {isa = PBXFileReference; path = main.swift; sourceTree = "<group>"; };
        		G0 = {isa = PBXGroup; children = (G1, S1, ); sourceTree = "<group>"; };
        		G1 = {isa = PBXGroup; children = (F1, ); path = Sources/app; sourceTree = "<group>"; };
        		S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, ); path = widget; sourceTree = "<group>"; };
        		E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ( "old/legacy.swift", ); target = T2; };
        		PH1 = {isa = PBXSourcesBuildPhase; files = (B1, ); };
        		PH2 = {isa = PBXSourcesBuildPhase; files = (); };
        		T1 = {isa = PBXNativeTarget; buildPhases = (PH1, ); name = App; productType = "com.apple.product-type.application"; };
        		T2 = {isa = PBXNativeTarget; buildPhases = (PH2, ); fileSystemSynchronizedGroups = (S1, ); name = Widget; productType = "com.apple.product-type.app-extension"; };
        		R0 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1, T2, ); };
        	};
        	rootObject = R0;
        }
        """

    static let files: [String: String] = [
        "App.xcodeproj/project.pbxproj": project,
        "Sources/App/Main.swift": "struct Main {}\n",
        "Widget/Entry.swift": "struct Entry {}\n",
        "Widget/Old/Legacy.swift": "struct Legacy {}\n",
        "Gen/project.yml": """
            name: Gen
            targets:
              Feature:
                type: framework
                platform: iOS
                sources:
                  - path: feature
                    excludes: ["**/*mock*.swift"]
            """,
        "Gen/Feature/FeatureView.swift": "struct FeatureView {}\n",
        "Gen/Feature/FeatureMock.swift": "struct FeatureMock {}\n",
        "Kit/Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "Kit", path: "sources/kit")])
            """,
        "Kit/Sources/Kit/Kit.swift": "struct Kit {}\n",
        "Tools/Lint.swift": "struct Lint {}\n",
    ]

    static let configuration = ArchlintConfiguration(modules: [ModuleMapping(path: "tools/**", name: "Tools")])

    static func lines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.location.file):\($0.location.line): \($0.message) [\($0.rule)]" }
    }

    func scan(_ pathCase: PathCase) throws -> WorkspaceModel {
        let repo = try TemporaryRepository(Self.files)
        var options = ScanOptions(useCache: false)
        options.pathCase = pathCase
        return try WorkspaceScanner(options: options).scan(root: repo.root, configuration: Self.configuration)
    }

    @Test func onACaseInsensitiveVolumeProjectPathsFindTheFoldersAsSpelledOnDisk() throws {
        let model = try scan(.insensitive)
        #expect(model.files.map { "\($0.path) \($0.module)" } == [
            "Gen/Feature/FeatureMock.swift Gen",
            "Gen/Feature/FeatureView.swift Gen/Feature",
            "Kit/Sources/Kit/Kit.swift Kit/Kit",
            "Sources/App/Main.swift App/App",
            "Tools/Lint.swift Tools",
            "Widget/Entry.swift App/Widget",
        ])
        #expect(Self.lines(model.diagnostics) == [])
        // Module folders are the walked spelling.
        #expect(model.module("App/Widget")?.path == "Widget")
        #expect(model.module("Kit/Kit")?.path == "Kit/Sources/Kit")
    }

    @Test func onACaseSensitiveVolumeTheyDoNot() throws {
        let model = try scan(.sensitive)
        #expect(model.files.map { "\($0.path) \($0.module)" } == [
            "Gen/Feature/FeatureMock.swift Gen",
            "Gen/Feature/FeatureView.swift Gen",
            "Kit/Sources/Kit/Kit.swift Kit",
            "Sources/App/Main.swift Sources",
            "Tools/Lint.swift Tools",
            "Widget/Entry.swift Widget",
            "Widget/Old/Legacy.swift Widget",
        ])
        // What the projects name doesn't exist here, and archlint says so where they name it.
        #expect(Self.lines(model.diagnostics) == [
            "App.xcodeproj/project.pbxproj:14: target 'App' compiles a Swift file that doesn't exist (first: "
                + "Sources/app/main.swift), so archlint can't check it; if a build phase generates it (secrets, codegen), "
                + "keep this in the baseline, else remove it from the target or restore the files [manifest-unresolved]",
            "Gen/project.yml:7: source `Gen/feature` of target `Feature` doesn't exist; XcodeGen would stop here (mark "
                + "it `optional: true` if it is generated later) [manifest-unresolved]",
        ])
    }

    @Test func globsCompareFoldedCharactersAndCaptureTheTextsOwn() throws {
        let glob = try Glob("projects/*/sources/**", pathCase: .insensitive)
        #expect(glob.matches("Projects/Feature/Sources/A.swift"))
        #expect(glob.matchWithCaptures("Projects/Feature/Sources/A.swift") == ["Feature", "A.swift"])
        #expect(try !Glob("projects/*/sources/**").matches("Projects/Feature/Sources/A.swift"))
        let set = GlobSet(patterns: ["Tools/Lint.swift", "ÉCRAN/**"], pathCase: .insensitive)
        #expect(set.firstMatch("tools/lint.SWIFT") == 0)
        #expect(set.firstMatch("écran/Vue.swift") == 1)
        #expect(GlobSet(patterns: ["Tools/Lint.swift"]).firstMatch("tools/lint.swift") == nil)
    }

    @Test func theWalkedSpellingOfAPath() {
        let spelling = WalkedSpelling(pathCase: .insensitive, paths: ["Sources", "Sources/App", "Sources/App/Main.swift"])
        #expect(spelling.of("sources/app/main.swift") == "Sources/App/Main.swift")
        // A file the walk didn't list keeps its own name under its walked folder.
        #expect(spelling.of("sources/app/gone.swift") == "Sources/App/gone.swift")
        #expect(spelling.of("other/x.swift") == "other/x.swift")
        #expect(WalkedSpelling(pathCase: .sensitive, paths: ["Sources"]).of("sources") == "sources")
    }

    /// Linux's volumes here (ext4, tmpfs, overlayfs) tell case apart, and the probe says so; a path that can't be
    /// resolved is taken as case-sensitive.
    @Test func theProbeAsksTheVolume() throws {
        let repo = try TemporaryRepository(["Probe/A.swift": ""])
        #expect(VolumeCase.probe(repo.root + "/Probe") == .sensitive)
        #expect(VolumeCase.of(repo.root + "/Probe") == .sensitive)
        #expect(VolumeCase.probe("/nonexistent-archlint-probe") == .sensitive)
    }
}
