import ArchlintModel
import Foundation
import Testing
@testable import Workspace

/// Hostile trees: links out of the root, link lattices, and what discovery skips and counts by default.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct DiscoveryHardeningTests {
    /// Runs `body` on another thread and fails the test (instead of hanging the suite) past `seconds`.
    static func finishes<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let box = FinishedValue<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.value = body()
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            Issue.record("did not finish within \(seconds) s")
            return nil
        }
        return box.value
    }

    @Test func aSymlinkToTheFileSystemRootIsSkippedAndCounted() throws {
        let repo = try TemporaryRepository(["Sources/App/A.swift": "import Foundation\n"])
        try repo.symlink("Sources/App/everything", to: "/")
        let root = repo.root
        let tree = Self.finishes(within: 30) { DirectoryWalker(root: root, exclude: []).walk() }
        #expect(tree?.swiftFiles.map(\.path) == ["Sources/App/A.swift"])
        #expect(tree?.skipped.externalSymlinks == 1)
        #expect(tree?.diagnostics.isEmpty == true)
    }

    @Test func linksOutOfTheRootAreFollowedOnlyOnRequest() throws {
        let outside = try TemporaryRepository(["Shared/B.swift": "", "C.swift": ""])
        let repo = try TemporaryRepository(["A.swift": ""])
        try repo.symlink("SharedLink", to: outside.path("Shared"))
        try repo.symlink("C.swift", to: outside.path("C.swift"))
        try repo.symlink("README.md", to: outside.path("C.swift"))

        let skipping = DirectoryWalker(root: repo.root, exclude: []).walk()
        #expect(skipping.swiftFiles.map(\.path) == ["A.swift"])
        // The `.md` link names no Swift file: nothing was left out by skipping it.
        #expect(skipping.skipped.externalSymlinks == 2)

        let following = DirectoryWalker(root: repo.root, exclude: [], followExternalSymlinks: true).walk()
        #expect(following.swiftFiles.map(\.path) == ["A.swift", "C.swift", "SharedLink/B.swift"])
        #expect(following.skipped.externalSymlinks == 0)
    }

    @Test func linksInsideTheRootAreStillFollowed() throws {
        let repo = try TemporaryRepository(["Shared/B.swift": ""])
        try repo.symlink("App/SharedLink", to: "../Shared")
        let tree = DirectoryWalker(root: repo.root, exclude: []).walk()
        #expect(tree.swiftFiles.map(\.path) == ["App/SharedLink/B.swift", "Shared/B.swift"])
        #expect(tree.skipped.isEmpty)
    }

    @Test func aRootReachedThroughASymlinkIsNotOutsideItself() throws {
        let repo = try TemporaryRepository(["Real/Sources/A.swift": ""])
        try repo.symlink("Real/Sources/Again", to: repo.path("Real/Sources/Nested"))
        try repo.write("Real/Sources/Nested/B.swift", "")
        try repo.symlink("Alias", to: repo.path("Real"))
        let tree = DirectoryWalker(root: repo.path("Alias"), exclude: []).walk()
        #expect(tree.swiftFiles.map(\.path) == ["Sources/A.swift", "Sources/Again/B.swift", "Sources/Nested/B.swift"])
        #expect(tree.skipped.externalSymlinks == 0)
    }

    @Test func templatesVendoredAndGeneratedCodeAreSkippedAndCounted() throws {
        let repo = try TemporaryRepository([
            "Sources/App/A.swift": "",
            "Templates/Module.xctemplate/___FILEBASENAME___.swift": "",
            "Templates/Feature/{{cookiecutter.name}}/Sources/{{cookiecutter.name}}Builder.swift": "",
            "Templates/Loose/___FILEBASENAME___View.swift": "",
            "Templates/Loose/___VARIABLE_name___Builder.swift": "",
            "Pods/Alamofire/Session.swift": "",
            "Carthage/Checkouts/RxSwift/Rx.swift": "",
            "Tuist/.tuist-bin/tuist.swift": "",
            "App/Derived/Sources/Bundle+App.swift": "",
            "App/Docs.docc/Snippet.swift": "",
            "App/Assets.xcassets/Not.swift": "",
            "DerivedData/Build.swift": "",
        ])
        let tree = DirectoryWalker(root: repo.root, exclude: []).walk()
        #expect(tree.swiftFiles.map(\.path) == ["Sources/App/A.swift"])
        var expected = DiscoverySkips()
        expected.templateFolders = 2
        expected.templateFiles = 2
        expected.vendoredFolders = 3
        expected.generatedFolders = 1
        expected.documentationCatalogs = 1
        expected.buildFolders = 1
        #expect(tree.skipped == expected)
        #expect(tree.skipped.message
            == "skipped 2 template folders, 2 template files, 3 vendored folders, 1 generated folder, "
                + "1 Xcode or SwiftPM build folder, 1 DocC catalog")
    }

    /// olvid-ios and vultisig-ios commit `WebRTC.xcframework`, whose `WebRTC.framework/WebRTC` links into a
    /// `Versions/` folder the clone doesn't hold: a prebuilt binary is vendored, skipped and counted, and its dangling
    /// links are no warning.
    @Test func aPrebuiltFrameworkIsVendored() throws {
        let repo = try TemporaryRepository([
            "Sources/A.swift": "",
            "Vendor/WebRTC.xcframework/ios-arm64/WebRTC.framework/Headers/WebRTC.h": "",
            "Vendor/Analytics.framework/Modules/Shim.swift": "",
        ])
        try repo.symlink("Vendor/WebRTC.xcframework/ios-arm64/WebRTC.framework/WebRTC", to: "Versions/Current/WebRTC")
        let tree = DirectoryWalker(root: repo.root, exclude: []).walk()
        #expect(tree.swiftFiles.map(\.path) == ["Sources/A.swift"])
        #expect(tree.diagnostics.map(\.message) == [])
        #expect(tree.skipped.vendoredFolders == 2)
    }

    /// Xcode's derived data and package checkouts under any name, `.swiftpm` and Carthage's binaries; folders of the
    /// same names that don't hold what Xcode puts there are code.
    @Test func xcodeAndSwiftPMBuildFoldersAreSkippedAndCounted() throws {
        let repo = try TemporaryRepository([
            "App/A.swift": "",
            "DerivedData/App-abc/SourcePackages/checkouts/Alamofire/Session.swift": "",
            "build/Build/Intermediates.noindex/App.build/Generated.swift": "",
            "build/SourcePackages/checkouts/RxSwift/Rx.swift": "",
            "ci/derived/Build/Intermediates.noindex/Gen.swift": "",
            "ci/packages/checkouts/Yams/Yams.swift": "",
            "ci/packages/workspace-state.json": "{}",
            "Packages/Core/.swiftpm/xcode/Scheme.swift": "",
            "Carthage/Build/iOS/Rx.framework/Headers.swift": "",
            "Tools/build/Build/Products/Tool.swift": "",
            "SourcePackages/Core/Sources/Core/Core.swift": "",
            "Build/Sources/B.swift": "",
        ])
        let tree = DirectoryWalker(root: repo.root, exclude: []).walk()
        #expect(tree.swiftFiles.map(\.path) == [
            "App/A.swift", "Build/Sources/B.swift", "SourcePackages/Core/Sources/Core/Core.swift",
            "Tools/build/Build/Products/Tool.swift",
        ])
        var expected = DiscoverySkips()
        expected.buildFolders = 6
        #expect(tree.skipped == expected)
        #expect(tree.skipped.message == "skipped 6 Xcode and SwiftPM build folders")
        #expect(!tree.directories.contains("build"))
        #expect(tree.directories.contains("Tools/build/Build"))
    }

    @Test func excludedPathsAreNotCountedAsSkipped() throws {
        let repo = try TemporaryRepository(["A.swift": "", "Pods/P.swift": ""])
        let tree = DirectoryWalker(root: repo.root, exclude: ["Pods/**"]).walk()
        #expect(tree.skipped.isEmpty)
        #expect(tree.skipped.message == nil)
    }

    /// 24 levels with two links to the next level: 2^24 paths if every one were walked.
    @Test func aLatticeOfLinksEndsQuicklyWithOneWarningPerDirectory() throws {
        let repo = try TemporaryRepository(["L24/Leaf.swift": ""])
        for level in 0..<24 {
            try repo.makeDirectory("L\(level)")
            try repo.symlink("L\(level)/a", to: "../L\(level + 1)")
            try repo.symlink("L\(level)/b", to: "../L\(level + 1)")
        }
        let root = repo.root
        let tree = Self.finishes(within: 60) { DirectoryWalker(root: root, exclude: []).walk() }
        guard let tree else { return }
        let leafPaths = tree.swiftFiles.filter { $0.path.hasSuffix("Leaf.swift") }
        #expect(leafPaths.count <= DirectoryWalker.maximumWalksPerDirectory + 1)
        let warnings = tree.diagnostics.filter { $0.message.contains("symlinked paths") }
        #expect(!warnings.isEmpty)
        #expect(warnings.count <= 25)
    }

    @Test func theScanCarriesTheCountsIntoTheModel() throws {
        let repo = try TemporaryRepository(["A.swift": "", "Pods/P.swift": ""])
        try repo.symlink("Root", to: "/")
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.skipped.vendoredFolders == 1)
        #expect(model.skipped.externalSymlinks == 1)
        #expect(model.skipped.message == "skipped 1 vendored folder, 1 symlink leaving the root (--follow-external-symlinks follows them)")
    }
}

final class FinishedValue<T>: @unchecked Sendable {
    var value: T?
}
