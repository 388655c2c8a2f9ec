import ArchlintModel
import Testing
@testable import Workspace

/// `ProjectReferences`: dependencies on targets of other projects, against the projects read.
@Suite struct ProjectReferencesTests {
    /// An app whose target depends on `Core` of `Sub/Core.xcodeproj` (a submodule not checked out) and on `Kit` of
    /// `../Outside/Kit.xcodeproj` (outside the root), as Delta's cores are.
    static let app = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 46;
        	objects = {
        		B1 = {isa = PBXBuildFile; fileRef = F1; };
        		F1 = {isa = PBXFileReference; path = App/Main.swift; sourceTree = SOURCE_ROOT; };
        		FP = {isa = PBXFileReference; lastKnownFileType = "wrapper.pb-project"; path = Sub/Core.xcodeproj; sourceTree = SOURCE_ROOT; };
        		FO = {isa = PBXFileReference; lastKnownFileType = "wrapper.pb-project"; path = ../Outside/Kit.xcodeproj; sourceTree = SOURCE_ROOT; };
        		X1 = {isa = PBXContainerItemProxy; containerPortal = FP; proxyType = 1; remoteInfo = Core; };
        		X2 = {isa = PBXContainerItemProxy; containerPortal = FO; proxyType = 1; remoteInfo = Kit; };
        		D1 = {isa = PBXTargetDependency; targetProxy = X1; };
        		D2 = {isa = PBXTargetDependency; targetProxy = X2; };
        		G0 = {isa = PBXGroup; children = (F1, FP, FO, ); sourceTree = "<group>"; };
        		PH1 = {isa = PBXSourcesBuildPhase; files = (B1, ); };
        		T1 = {isa = PBXNativeTarget; buildPhases = (PH1, ); dependencies = (D1, D2, ); name = App; productType = "com.apple.product-type.application"; };
        		R0 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1, ); };
        	};
        	rootObject = R0;
        }
        """

    @Test func aProjectNotCheckedOutOrOutsideTheRootIsSaidAndItsDependantsWithheld() throws {
        let repo = try TemporaryRepository([
            "App.xcodeproj/project.pbxproj": Self.app,
            "App/Main.swift": "import Core\nimport Kit\n",
            "Sub/README.md": "an empty submodule\n",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        let app = try #require(model.projects.first { $0.path == "App.xcodeproj" }?.targets.first)
        #expect(app.unreadDependencies.map(\.message) == [
            "'Core' of Sub/Core.xcodeproj, a project archlint didn't read",
            "'Kit' of ../Outside/Kit.xcodeproj, a project archlint didn't read",
        ])
        #expect(model.diagnostics.filter { $0.rule == PipelineRuleID.manifestUnresolved }.map(\.message) == [
            "target 'App' depends on 'Core' of Sub/Core.xcodeproj, which isn't in the checkout (a git submodule not "
                + "checked out? `git submodule update --init --recursive`); what its targets build is unknown, so "
                + "findings that rest on what 'App' declares are withheld",
            "target 'App' depends on 'Kit' of ../Outside/Kit.xcodeproj, which lies outside the scanned root (run "
                + "archlint on a folder that holds both); what its targets build is unknown, so findings that rest on "
                + "what 'App' declares are withheld",
        ])
    }

    /// passepartout: `app-apple/Package` depends on `../../submodules/partout`, a git submodule not checked out. The
    /// package is said at its reference, its products read as a remote package's it has no checkout of. A package
    /// whose folder is missing too (mastodon-ios' `ArkanaKeys`, made by a setup step) is said so; one there is not.
    @Test func aLocalPackageNotInTheCheckoutIsSaidAtItsReference() throws {
        let repo = try TemporaryRepository([
            "App/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(
                    name: "App",
                    dependencies: [
                        .package(path: "../submodules/partout"),
                        .package(path: "../Kit"),
                        .package(name: "ArkanaKeys", path: "../dependencies/ArkanaKeys"),
                    ],
                    targets: [
                        .target(name: "PartoutLibrary", dependencies: ["partout"]),
                        .target(name: "Lib", dependencies: ["PartoutLibrary", .product(name: "Kit", package: "Kit")]),
                    ]
                )
                """,
            "App/Sources/PartoutLibrary/Dummy.swift": "// SPDX-License-Identifier: GPL-3.0\n",
            "App/Sources/Lib/Lib.swift": "import Partout\nimport Kit\n",
            "Kit/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])
                """,
            "Kit/Sources/Kit/Kit.swift": "public struct Kit {}\n",
            "Tunnel/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(
                    name: "Tunnel", dependencies: [.package(path: "../submodules/partout")],
                    targets: [.target(name: "Tunnel", dependencies: [.product(name: "Partout", package: "partout")])]
                )
                """,
            "Tunnel/Sources/Tunnel/Tunnel.swift": "import Partout\n",
            "submodules/partout/README.md": "",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.diagnostics(PipelineRuleID.manifestUnresolved).map {
            "\($0.location.file):\($0.location.line):\($0.location.column): \($0.message)"
        } == [
            // One finding for the package both projects depend on, at the first.
            "App/Package.swift:6:9: the package at submodules/partout isn't in the checkout (a git submodule not "
                + "checked out? `git submodule update --init --recursive`); 1 more project depends on it; archlint reads "
                + "its products as a remote package's it has no checkout of: what modules they hold is unknown",
            "App/Package.swift:8:9: the package at dependencies/ArkanaKeys isn't in the checkout (nor is its folder: "
                + "made by a setup step? run it before archlint); archlint reads its products as a remote package's it "
                + "has no checkout of: what modules they hold is unknown",
        ])
    }

    /// AltStore's workspace lists `Dependencies/Roxas/Roxas.xcodeproj`, a git submodule not checked out: said at
    /// the workspace's line, once for all of them (OpenEmu's lists 27), and once for those whose folders are missing
    /// too. `Pods/Pods.xcodeproj`, in a folder discovery skips, isn't said.
    @Test func aProjectAWorkspaceListsThatIsNotInTheCheckoutIsSaid() throws {
        let repo = try TemporaryRepository([
            "App.xcodeproj/project.pbxproj": Self.app,
            "App/Main.swift": "import UIKit\n",
            "Sub/README.md": "",
            "Dependencies/Roxas/README.md": "an empty submodule\n",
            "App.xcworkspace/contents.xcworkspacedata": """
                <?xml version="1.0" encoding="UTF-8"?>
                <Workspace
                   version = "1.0">
                   <FileRef
                      location = "container:App.xcodeproj">
                   </FileRef>
                   <FileRef
                      location = "group:Dependencies/Roxas/Roxas.xcodeproj">
                   </FileRef>
                   <FileRef
                      location = "group:Pods/Pods.xcodeproj">
                   </FileRef>
                   <FileRef
                      location = "group:Dependencies/Harmony/Harmony.xcodeproj">
                   </FileRef>
                   <FileRef
                      location = "group:Generated/Keys.xcodeproj">
                   </FileRef>
                </Workspace>
                """,
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        let workspace = model.diagnostics(PipelineRuleID.manifestUnresolved).filter { $0.location.file.hasPrefix("App.xcworkspace") }
        #expect(workspace.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
            "8:4: the workspace lists 2 projects that aren't in the checkout (Dependencies/Roxas/Roxas.xcodeproj, "
                + "Dependencies/Harmony/Harmony.xcodeproj; a git submodule not checked out? `git submodule update --init "
                + "--recursive`); what their targets build, and the frameworks other projects link from them, are unknown",
            "17:4: the workspace lists Generated/Keys.xcodeproj, which isn't in the checkout (nor is its folder: made by "
                + "a setup step? run it before archlint); what its targets build, and the frameworks other projects link "
                + "from it, are unknown",
        ])
    }

    static func project(_ path: String, _ targets: [ProjectTarget]) -> ProjectFacts {
        ProjectFacts(path: path, source: .tuist, name: RelativePath.parent(path), targets: targets)
    }

    static func target(_ name: String, dependsOn dependencies: [(name: String, project: String)] = []) -> ProjectTarget {
        ProjectTarget(
            name: name, productTypeIdentifier: "com.apple.product-type.framework",
            dependencies: dependencies.map { ProjectTargetDependency(kind: .target, name: $0.name, project: $0.project, line: 3, column: 9) },
            line: 1, column: 1)
    }

    static let references: [(name: String, project: String)] = [
        ("OnboardingFeature", "Projects/Features/OnboardingFeature/Project.swift"),
        ("A", "Modules/A/Project.swift"), ("B", "Modules/B/Project.swift"), ("C", "Modules/C/Project.swift"),
        ("Excluded", "Excluded/Project.swift"),
    ]

    static func resolve(spelling: (String) -> String) -> (projects: [ProjectFacts], issues: [ProjectIssue]) {
        let feature = Self.project("Projects/Features/OnBoardingFeature/Project.swift", [Self.target("OnboardingFeature")])
        let root = Self.project("Projects/Features/RootFeature/Project.swift", [Self.target("RootFeature", dependsOn: references)])
        return ProjectReferences.resolve([feature, root], all: [feature, root], spelling: spelling) {
            // The submodules' folders are there, empty.
            ["Excluded/Project.swift", "Modules/A", "Modules/B", "Modules/C"].contains($0)
        }
    }

    static let missingIssue = "target 'RootFeature' depends on targets of 3 projects that aren't in the checkout "
        + "(Modules/A/Project.swift, Modules/B/Project.swift and 1 more; a git submodule not checked out? `git submodule "
        + "update --init --recursive`); what their targets build is unknown, so findings that rest on what the targets "
        + "depending on them declare are withheld"

    /// GRIG-iOS' helper writes `Projects/Features/OnboardingFeature` for the folder `OnBoardingFeature`. A Mac's
    /// volume finds it: the reference is spelled as the project read. Several missing projects are one issue; a
    /// project that exists but wasn't read (excluded) is unread without one.
    @Test func onACaseInsensitiveVolumeAReferenceNamesTheProjectSpelledOtherwise() {
        let resolved = Self.resolve { PathCase.insensitive.key($0) == "projects/features/onboardingfeature/project.swift"
            ? "Projects/Features/OnBoardingFeature/Project.swift" : $0 }
        let rootTarget = resolved.projects[1].targets[0]
        #expect(rootTarget.dependencies[0].project == "Projects/Features/OnBoardingFeature/Project.swift")
        #expect(rootTarget.unreadDependencies.count == 4)
        #expect(resolved.issues.map(\.message) == [Self.missingIssue])
        #expect(resolved.issues.first?.line == 3)
    }

    /// On a case-sensitive volume it names nothing, and says so as an include spelled so does.
    @Test func onACaseSensitiveVolumeAReferenceSpelledOtherwiseIsSaid() {
        let resolved = Self.resolve { $0 }
        let rootTarget = resolved.projects[1].targets[0]
        #expect(rootTarget.dependencies[0].project == "Projects/Features/OnboardingFeature/Project.swift")
        #expect(rootTarget.unreadDependencies.count == 5)
        #expect(resolved.issues.map(\.message) == [
            Self.missingIssue,
            "target 'RootFeature' depends on 'OnboardingFeature' of Projects/Features/OnboardingFeature/Project.swift, "
                + "which isn't in the checkout as written (Projects/Features/OnBoardingFeature/Project.swift differs "
                + "from it only in case, which a case-sensitive volume tells apart: spell it as the folder is named); "
                + "what its targets build is unknown, so findings that rest on what 'RootFeature' declares are withheld",
        ])
    }
}
