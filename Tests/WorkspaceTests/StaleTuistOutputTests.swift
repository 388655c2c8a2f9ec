import ArchlintModel
import Testing
@testable import Workspace

/// `ProjectLoading.dropStaleTuistOutput`: an `.xcodeproj` a Tuist root's manifests replace.
@Suite struct StaleTuistOutputTests {
    private func xcode(_ path: String, _ names: [String]) -> ProjectFacts {
        ProjectFacts(path: path, source: .xcodeproj, name: path, targets: names.map(Self.target))
    }

    private static func target(_ name: String) -> ProjectTarget {
        ProjectTarget(name: name, productTypeIdentifier: "com.apple.product-type.framework", line: 1, column: 1)
    }

    /// Central-MakeUs/Chord_iOS keeps `CoachCoach.xcodeproj` at its root, written by `tuist generate` before each
    /// module got a project of its own: its 12 targets are the manifests' targets, and it lists files long gone
    /// (15 findings about it, each module twice). It is not read, and one finding says why. A project with a target
    /// the manifests don't declare, or one a workspace lists, is read as before; so is one outside the Tuist root.
    @Test func aProjectWhoseEveryTargetTheManifestsDeclareIsAnOldGeneration() {
        var projects = [
            ProjectReferencesTests.project("CoachCoach/Project.swift", [Self.target("CoachCoach")]),
            ProjectReferencesTests.project("FeatureHome/Project.swift", [Self.target("FeatureHome")]),
            xcode("CoachCoach.xcodeproj", ["CoachCoach", "FeatureHome"]),
            xcode("Widget.xcodeproj", ["CoachCoach", "Widget"]),
            xcode("Listed.xcodeproj", ["FeatureHome"]),
        ]
        let diagnostics = ProjectLoading.dropStaleTuistOutput(&projects, tuistRoots: [""], listed: ["Listed.xcodeproj"])
        #expect(projects.map(\.path) == ["CoachCoach/Project.swift", "FeatureHome/Project.swift", "Widget.xcodeproj", "Listed.xcodeproj"])
        #expect(diagnostics.map { "\($0.location.file):\($0.location.line) \($0.message)" } == [
            "CoachCoach.xcodeproj/project.pbxproj:1 every target of CoachCoach.xcodeproj (2) is declared by the Tuist "
                + "manifests of this repository, no Project.swift sits beside it and no workspace lists it: an earlier "
                + "`tuist generate`'s output, not read; delete it (and list `*.xcodeproj` in .gitignore)",
        ])
        var outside = [ProjectReferencesTests.project("App/Project.swift", [Self.target("App")]), xcode("Other/App.xcodeproj", ["App"])]
        #expect(ProjectLoading.dropStaleTuistOutput(&outside, tuistRoots: ["App"], listed: []).isEmpty)
        #expect(outside.count == 2)
    }
}
