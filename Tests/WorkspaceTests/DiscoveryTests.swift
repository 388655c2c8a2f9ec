import ArchlintModel
import Foundation
import Testing
@testable import Workspace

@Suite struct DiscoveryTests {
    @Test func findsSwiftFilesAndNestedManifestsWithRelativeSortedPaths() throws {
        let repo = try TemporaryRepository([
            "Package.swift": "",
            "App/main.swift": "",
            "AppPackage/Package.swift": "",
            "AppPackage/Sources/Feature/Feature.swift": "",
            "AppPackage/Sources/Feature/README.md": "",
            "AppPackage/Package@swift-5.9.swift": "",
            "b.swift": "",
            "a.swift": "",
        ])
        let tree = DirectoryWalker(root: repo.root, exclude: []).walk()
        #expect(tree.swiftFiles.map(\.path) == ["App/main.swift", "AppPackage/Sources/Feature/Feature.swift", "a.swift", "b.swift"])
        #expect(tree.manifests.map(\.path) == ["AppPackage/Package.swift", "Package.swift"])
        #expect(tree.diagnostics.isEmpty)
        #expect(tree.directories.isSuperset(of: ["", "App", "AppPackage/Sources/Feature"]))
    }

    @Test func skipsBuildProductsCheckoutsAndVCSDirectories() throws {
        // Carthage's binaries are skipped (issue 34), a `Build` folder elsewhere is code.
        var files: [String: String] = ["Kept/Kept.swift": "", "Checkouts/Kept.swift": "", "Build/Kept.swift": ""]
        for skipped in [".build", ".build-linux", ".git", "DerivedData", "Pods", "Carthage/Checkouts", ".swiftpm",
                        "node_modules", "Nested/.build", "Nested/Pods", "Carthage/Build"] {
            files[skipped + "/Skipped.swift"] = ""
            files[skipped + "/Package.swift"] = ""
        }
        let repo = try TemporaryRepository(files)
        let tree = DirectoryWalker(root: repo.root, exclude: []).walk()
        #expect(tree.swiftFiles.map(\.path) == ["Build/Kept.swift", "Checkouts/Kept.swift", "Kept/Kept.swift"])
        #expect(tree.manifests.isEmpty)
    }

    @Test func skipsConfigExcludeGlobsForFilesAndDirectories() throws {
        let repo = try TemporaryRepository([
            "Generated/A.swift": "",
            "Sources/X/Mock.generated.swift": "",
            "Sources/X/Real.swift": "",
            "Vendor/Package.swift": "",
        ])
        let tree = DirectoryWalker(root: repo.root, exclude: ["Generated/**", "**/*.generated.swift", "Vendor"]).walk()
        #expect(tree.swiftFiles.map(\.path) == ["Sources/X/Real.swift"])
        #expect(tree.manifests.isEmpty)
        #expect(!tree.directories.contains("Generated"))
    }

    /// The walk stats each Swift file as it lists its directory; the statuses stay beside their files through the
    /// sort by path (`a-b.swift` sorts before `a/`), symlinks (the target's status) and the Tuist separation.
    @Test func statusesStayBesideTheirFiles() throws {
        let outside = try TemporaryRepository(["One.swift": "let one = 1\n"])
        let repo = try TemporaryRepository([
            "Tuist/ProjectDescriptionHelpers/Helper.swift": "",
            "Project.swift": "",
            "a/z.swift": "let z = 1\n",
            "a-b.swift": "",
            "b/Sources/B.swift": "struct B {}\n",
        ])
        try repo.symlink("a/One.swift", to: outside.path("One.swift"))
        let tree = DirectoryWalker(root: repo.root, exclude: [], followExternalSymlinks: true).walk()
        #expect(tree.swiftFiles.map(\.path) == ["a-b.swift", "a/One.swift", "a/z.swift", "b/Sources/B.swift"])
        #expect(tree.swiftFileStatuses.count == tree.swiftFiles.count)
        for (file, status) in zip(tree.swiftFiles, tree.swiftFileStatuses) {
            #expect(try status.get() == FileStatus.of(file.systemPath).get(), "\(file.path)")
        }
        #expect(try tree.swiftFileStatuses[1].get().size == 12)
    }

    /// Links out of the root are followed only with `followExternalSymlinks` (see DiscoveryHardeningTests).
    @Test func followsSymlinksToDirectoriesAndFiles() throws {
        let outside = try TemporaryRepository(["Shared/Shared.swift": "", "One.swift": ""])
        let repo = try TemporaryRepository(["Sources/App/App.swift": ""])
        try repo.symlink("Sources/Shared", to: outside.path("Shared"))
        try repo.symlink("Sources/App/One.swift", to: outside.path("One.swift"))
        let tree = DirectoryWalker(root: repo.root, exclude: [], followExternalSymlinks: true).walk()
        #expect(tree.swiftFiles.map(\.path) == ["Sources/App/App.swift", "Sources/App/One.swift", "Sources/Shared/Shared.swift"])
        #expect(tree.diagnostics.isEmpty)
    }

    @Test func symlinkLoopGivesOneWarningNamingTheLink() throws {
        let repo = try TemporaryRepository(["Sources/A/A.swift": ""])
        try repo.symlink("Sources/A/loop", to: "..")
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.files.map(\.path) == ["Sources/A/A.swift"])
        let warnings = model.diagnostics(PipelineRuleID.unreadableFile)
        #expect(warnings.count == 1)
        #expect(warnings.first?.location == SourceLocation(file: "Sources/A/loop", line: 1, column: 1))
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.message.contains("symlink loop: this link (→ ..) leads back") == true)
        #expect(warnings.first?.message.contains("exclude") == true)
    }

    @Test func selfReferencingSymlinkIsReportedNotFollowed() throws {
        let repo = try TemporaryRepository(["A.swift": ""])
        try repo.symlink("self", to: "self")
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.files.map(\.path) == ["A.swift"])
        #expect(model.diagnostics(PipelineRuleID.unreadableFile).map(\.location.file) == ["self"])
    }

    @Test func brokenSymlinkIsReported() throws {
        let repo = try TemporaryRepository(["A.swift": ""])
        try repo.symlink("Gone.swift", to: "does-not-exist.swift")
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        let warnings = model.diagnostics(PipelineRuleID.unreadableFile)
        #expect(warnings.map(\.location.file) == ["Gone.swift"])
        #expect(warnings.first?.message.contains("broken symlink") == true)
    }

    @Test func missingRootIsAnError() throws {
        let repo = try TemporaryRepository()
        #expect(throws: WorkspaceError.rootNotFound(repo.path("nope"))) {
            try uncachedScanner().scan(root: repo.path("nope"), configuration: .init())
        }
    }

    @Test func fileRootIsAnError() throws {
        let repo = try TemporaryRepository(["A.swift": ""])
        #expect(throws: WorkspaceError.rootNotADirectory(repo.path("A.swift"))) {
            try uncachedScanner().scan(root: repo.path("A.swift"), configuration: .init())
        }
    }

    @Test func unreadableDirectoryIsReportedAndTheRestIsScanned() throws {
        let repo = try TemporaryRepository(["Locked/Hidden.swift": "", "Open/Visible.swift": ""])
        chmod(repo.path("Locked"), 0o000)
        let tree = withoutRootPrivileges { DirectoryWalker(root: repo.root, exclude: []).walk() }
        #expect(tree.swiftFiles.map(\.path) == ["Open/Visible.swift"])
        #expect(tree.diagnostics.count == 1)
        let diagnostic = try #require(tree.diagnostics.first)
        #expect(diagnostic.rule == PipelineRuleID.unreadableFile)
        #expect(diagnostic.location == SourceLocation(file: "Locked", line: 1, column: 1))
        #expect(diagnostic.message.contains("cannot read directory"))
        #expect(diagnostic.message.contains("chmod"))
    }

    @Test func unreadableFileIsReported() throws {
        let repo = try TemporaryRepository(["Sources/A/Locked.swift": "import UIKit\n"])
        chmod(repo.path("Sources/A/Locked.swift"), 0o000)
        let job = FileScanJob(cache: .empty, useCache: false, demand: .everything, scanStartNanoseconds: 0)
        let outcome = withoutRootPrivileges {
            job.run(DiscoveredFile(path: "Sources/A/Locked.swift", systemPath: repo.path("Sources/A/Locked.swift")))
        }
        #expect(outcome.origin == .rejected)
        #expect(outcome.diagnostic?.location == SourceLocation(file: "Sources/A/Locked.swift", line: 1, column: 1))
        #expect(outcome.diagnostic?.message.contains("cannot read file") == true)
        #expect(outcome.facts == FileFacts(path: "Sources/A/Locked.swift"))
    }
}
