import Testing
@testable import Manifests

/// Which folders hold a Tuist project, and which role a file has in it.
@Suite struct TuistRootsTests {
    /// Tuist's root is the folder holding `Tuist/`, whatever `Tuist/` holds: `Tuist/Tuist.swift` makes the folder
    /// above it the root, so the helpers beside it are helpers, not app code of a root of their own.
    @Test func aTuistSwiftInsideTheTuistFolderMarksTheFolderAboveIt() {
        let roots = TuistRoots(paths: [
            "Tuist/Tuist.swift", "Tuist/ProjectDescriptionHelpers/Modules.swift", "App/Project.swift",
            "App/Sources/App.swift",
        ])
        #expect(roots.folders == [""])
        #expect(roots.role(of: "Tuist/ProjectDescriptionHelpers/Modules.swift") == .helper)
        #expect(roots.role(of: "Tuist/Tuist.swift") == .tooling)
        #expect(roots.role(of: "App/Project.swift") == .projectManifest)
        #expect(roots.role(of: "App/Sources/App.swift") == nil)
    }

    /// olvid-ios keeps its helpers in `tuist/ProjectDescriptionHelpers`: on a Mac's case-insensitive volume, where
    /// Tuist runs, that is `Tuist/`. Its 47 projects called helpers archlint had read as app code.
    @Test func aLowercaseTuistFolderIsTuists() {
        let roots = TuistRoots(paths: [
            "tuist/ProjectDescriptionHelpers/Project+Creation.swift", "Workspace.swift", "Sources/App/Project.swift",
            "Sources/App/Main/App.swift",
        ])
        #expect(roots.folders == [""])
        #expect(roots.role(of: "tuist/ProjectDescriptionHelpers/Project+Creation.swift") == .helper)
        #expect(roots.role(of: "Sources/App/Project.swift") == .projectManifest)
        #expect(roots.role(of: "Sources/App/Main/App.swift") == nil)
        #expect(TuistLayout.isTuistRepository(paths: ["tuist/Config.swift"]))
        #expect(!TuistLayout.isTuistRepository(paths: ["tuist.swift.txt", "Sources/tuist/A.swift"]))
    }

    @Test func aTuistSwiftBesideProjectsMarksItsOwnFolder() {
        let roots = TuistRoots(paths: ["Apps/Shop/Tuist.swift", "Apps/Shop/Project.swift", "Apps/Shop/Sources/Shop.swift"])
        #expect(roots.folders == ["Apps/Shop"])
        #expect(roots.role(of: "Apps/Shop/Project.swift") == .projectManifest)
    }

    /// YAPP-Github/26th-App-Team-2-iOS keeps its local plugin in `DependencyPlugin/` (`Config.swift`:
    /// `.local(path: .relativeToRoot("DependencyPlugin"))`), not under `Plugins/`. Its helpers were read as app code
    /// and never evaluated: 69 warnings, 18 projects partly unread. A folder with `Plugin.swift` and
    /// `ProjectDescriptionHelpers/` is a plugin wherever it is; an app's own `Plugin.swift` is no such folder.
    @Test func aLocalPluginAnywhereHasHelpers() {
        let roots = TuistRoots(paths: [
            "Tuist/Config.swift", "DependencyPlugin/Plugin.swift",
            "DependencyPlugin/ProjectDescriptionHelpers/TargetDependency+Modules.swift", "App/Project.swift",
            "App/Sources/Plugin.swift", "App/Sources/App.swift",
        ])
        #expect(roots.pluginFolders == ["DependencyPlugin"])
        #expect(roots.role(of: "DependencyPlugin/ProjectDescriptionHelpers/TargetDependency+Modules.swift") == .helper)
        #expect(roots.role(of: "DependencyPlugin/Plugin.swift") == .tooling)
        #expect(roots.role(of: "App/Sources/Plugin.swift") == nil)
        #expect(roots.role(of: "App/Sources/App.swift") == nil)
    }
}
