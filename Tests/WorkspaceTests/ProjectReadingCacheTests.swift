import ArchlintModel
import Foundation
import Testing
@testable import Workspace

/// A project reader's reading is reused while every file it read reads the same (`RecordingFileSystem`).
@Suite struct ProjectReadingCacheTests {
    /// `App.xcodeproj` with one target whose module name comes from `Configs/App.xcconfig`, and an XcodeGen spec.
    private static let project = """
        // !$*UTF8*$!
        {
        	objects = {
        		B1 = {isa = PBXBuildFile; fileRef = F1; };
        		F1 = {isa = PBXFileReference; path = Main.swift; sourceTree = "<group>"; };
        		X1 = {isa = PBXFileReference; path = "Configs/App.xcconfig"; sourceTree = SOURCE_ROOT; };
        		G0 = {isa = PBXGroup; children = (G1, ); sourceTree = "<group>"; };
        		G1 = {isa = PBXGroup; children = (F1, ); path = App; sourceTree = "<group>"; };
        		PH1 = {isa = PBXSourcesBuildPhase; files = (B1, ); };
        		L1 = {isa = XCConfigurationList; buildConfigurations = (R1, ); defaultConfigurationName = Release; };
        		R1 = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {}; name = Release; };
        		T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (PH1, ); name = App; productType = "com.apple.product-type.application"; };
        		R0 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1, ); };
        	};
        	rootObject = R0;
        }
        """

    private func makeRepository() throws -> TemporaryRepository {
        try TemporaryRepository([
            "App.xcodeproj/project.pbxproj": Self.project,
            "Configs/App.xcconfig": "PRODUCT_MODULE_NAME = First\n",
            "App/Main.swift": "import UIKit\n",
            "Kit/project.yml": ProjectFixtures.spec,
            "Kit/Sources/Kit.swift": "struct Kit {}\n",
            "Kit/Tests/KitTests.swift": "import XCTest\n",
        ])
    }

    private func scan(_ repo: TemporaryRepository, cache: TemporaryRepository?) throws -> WorkspaceScan {
        try scanner(manifests: [:], cacheDirectory: cache?.root, settled: true)
            .scanWithStatistics(root: repo.root, configuration: .init())
    }

    private func moduleNames(_ scan: WorkspaceScan) -> [String] {
        scan.model.projects.flatMap(\.targets).compactMap(\.moduleName)
    }

    private func json(_ model: WorkspaceModel) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(model), as: UTF8.self)
    }

    @Test func anUnchangedProjectIsNotReadAgain() throws {
        let repo = try makeRepository()
        let cache = try TemporaryRepository()
        let cold = try scan(repo, cache: cache)
        #expect(cold.statistics.projectsRead == 2)
        #expect(cold.statistics.projectReadings == 2)
        #expect(cold.statistics.projectReadingsReused == 0)
        let warm = try scan(repo, cache: cache)
        #expect(warm.statistics.projectReadings == 2)
        #expect(warm.statistics.projectReadingsReused == 2)
        #expect(try json(warm.model) == json(scan(repo, cache: nil).model))
        #expect(moduleNames(warm).contains("First"))
        // Nothing new to store: the cache is left as it was.
        #expect(!warm.statistics.cacheWritten)
    }

    @Test func aChangeToAnyFileTheReaderReadIsSeen() throws {
        let repo = try makeRepository()
        let cache = try TemporaryRepository()
        _ = try scan(repo, cache: cache)

        // The xcconfig is not the project file, but the reader read it.
        try repo.write("Configs/App.xcconfig", "PRODUCT_MODULE_NAME = Second\n")
        let edited = try scan(repo, cache: cache)
        #expect(edited.statistics.projectReadingsReused == 1)
        #expect(moduleNames(edited).contains("Second"))
        #expect(try json(edited.model) == json(scan(repo, cache: nil).model))

        // A file the reader found missing, then there; and one it read, then gone.
        try FileManager.default.removeItem(atPath: repo.path("Configs/App.xcconfig"))
        let removed = try scan(repo, cache: cache)
        #expect(removed.statistics.projectReadingsReused == 1)
        #expect(try json(removed.model) == json(scan(repo, cache: nil).model))
        #expect(!removed.model.diagnostics("manifest-unresolved").isEmpty)
        try repo.write("Configs/App.xcconfig", "PRODUCT_MODULE_NAME = Third\n")
        let restored = try scan(repo, cache: cache)
        #expect(moduleNames(restored).contains("Third"))
        #expect(try json(restored.model) == json(scan(repo, cache: nil).model))
    }

    @Test func aNewSourceInAFolderASpecListsIsSeen() throws {
        let repo = try makeRepository()
        let cache = try TemporaryRepository()
        _ = try scan(repo, cache: cache)
        try repo.write("Kit/Sources/Added.swift", "struct Added {}\n")
        let grown = try scan(repo, cache: cache)
        #expect(try json(grown.model) == json(scan(repo, cache: nil).model))
        #expect(grown.model.moduleID(ofFile: "Kit/Sources/Added.swift") == grown.model.moduleID(ofFile: "Kit/Sources/Kit.swift"))
        // Both readings were kept: the next run reuses them.
        #expect(try scan(repo, cache: cache).statistics.projectReadingsReused == 2)
    }

    @Test func eachQuestionIsKeptOnceWithItsAnswer() throws {
        let repo = try makeRepository()
        let walked = WalkedFileSystem(
            systemRoot: repo.root, tree: DirectoryWalker(root: repo.root, exclude: []).walk(), followExternalSymlinks: false)
        let files = RecordingFileSystem(walked)
        _ = files.contents(of: "Configs/App.xcconfig")
        _ = files.contents(of: "Configs/App.xcconfig")
        _ = files.contents(of: "Configs/Missing.xcconfig")
        _ = files.isDirectory("Kit/Sources")
        _ = files.files(under: "Kit")
        #expect(files.questions.map { "\($0.kind) \($0.path)" } == [
            "read Configs/App.xcconfig", "read Configs/Missing.xcconfig", "isDirectory Kit/Sources", "files Kit",
        ])
        #expect(RecordingFileSystem.sameAnswers(files.questions, in: walked))
        // Another walk of the same tree gives the same answers; a changed file or a new one doesn't.
        try repo.write("Configs/App.xcconfig", "PRODUCT_MODULE_NAME = Other\n")
        #expect(!RecordingFileSystem.sameAnswers(files.questions, in: walked))
        try repo.write("Configs/App.xcconfig", "PRODUCT_MODULE_NAME = First\n")
        #expect(RecordingFileSystem.sameAnswers(files.questions, in: walked))
        try repo.write("Kit/Sources/New.swift", "struct New {}\n")
        let rewalked = WalkedFileSystem(
            systemRoot: repo.root, tree: DirectoryWalker(root: repo.root, exclude: []).walk(), followExternalSymlinks: false)
        #expect(!RecordingFileSystem.sameAnswers(files.questions, in: rewalked))
    }

    @Test func anUnreadableProjectIsReportedOnEveryRun() throws {
        let repo = try makeRepository()
        try repo.write("App.xcodeproj/project.pbxproj", "{ objects = { \n")
        let cache = try TemporaryRepository()
        let cold = try scan(repo, cache: cache)
        let warm = try scan(repo, cache: cache)
        #expect(warm.statistics.projectReadingsReused == 2)
        #expect(warm.model.diagnostics("unreadable-file").map(\.location.file) == ["App.xcodeproj/project.pbxproj"])
        #expect(try json(warm.model) == json(cold.model))
    }
}
