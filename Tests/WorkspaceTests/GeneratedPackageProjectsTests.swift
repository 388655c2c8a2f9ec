import ArchlintModel
import Testing
@testable import Workspace

/// Xcode projects `swift package generate-xcodeproj` made from a package (`GeneratedPackageProjects`): skipped
/// and counted; a real project beside a package is kept.
@Suite struct GeneratedPackageProjectsTests {
    static let package = """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(name: "Kit", targets: [.target(name: "Kit")])
        """

    /// A project with target `Kit` compiling `Sources/Kit/Kit.swift`, and one more target compiling `extra`.
    static func project(extraTarget: String, extra: String) -> String {
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 46;
        	objects = {
        		B1 = {isa = PBXBuildFile; fileRef = F1; };
        		B2 = {isa = PBXBuildFile; fileRef = F2; };
        		F1 = {isa = PBXFileReference; path = Sources/Kit/Kit.swift; sourceTree = SOURCE_ROOT; };
        		F2 = {isa = PBXFileReference; path = \(extra); sourceTree = SOURCE_ROOT; };
        		G0 = {isa = PBXGroup; children = (F1, F2, ); sourceTree = "<group>"; };
        		PH1 = {isa = PBXSourcesBuildPhase; files = (B1, ); };
        		PH2 = {isa = PBXSourcesBuildPhase; files = (B2, ); };
        		T1 = {isa = PBXNativeTarget; buildPhases = (PH1, ); name = Kit; productType = "com.apple.product-type.framework"; };
        		T2 = {isa = PBXNativeTarget; buildPhases = (PH2, ); name = \(extraTarget); productType = "com.apple.product-type.framework"; };
        		R0 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1, T2, ); };
        	};
        	rootObject = R0;
        }
        """
    }

    @Test func aProjectGeneratedFromThePackageBesideItIsSkippedAndCounted() throws {
        let repo = try TemporaryRepository([
            "Package.swift": Self.package,
            "Sources/Kit/Kit.swift": "public struct Kit {}\n",
            "Kit.xcodeproj/project.pbxproj": Self.project(extraTarget: "KitPackageDescription", extra: "Package.swift"),
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.modules.map(\.id) == ["Kit/Kit"])
        #expect(!model.projects.contains { $0.source == .xcodeproj })
        #expect(model.skipped.generatedPackageProjects == 1)
        #expect(model.skipped.message == "skipped 1 Xcode project generated from its package")
    }

    @Test func aProjectBesideAPackageThatDoesNotCompileItsManifestIsKept() throws {
        let repo = try TemporaryRepository([
            "Package.swift": Self.package,
            "Sources/Kit/Kit.swift": "public struct Kit {}\n",
            "App/Main.swift": "import Kit\n",
            "Kit.xcodeproj/project.pbxproj": Self.project(extraTarget: "KitPackageDescription", extra: "App/Main.swift"),
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.projects.contains { $0.source == .xcodeproj })
        #expect(model.skipped.generatedPackageProjects == 0)
    }
}
