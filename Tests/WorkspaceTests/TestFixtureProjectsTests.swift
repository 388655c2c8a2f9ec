import ArchlintModel
import Testing
@testable import Workspace

/// Projects that are test data of a package's own tests (`TestFixtureProjects`): skipped whole and counted, and
/// never a real app beside a package.
@Suite struct TestFixtureProjectsTests {
    static let spec = """
        name: Sample
        targets:
          Sample:
            type: application
            platform: iOS
            sources: [App]
        """

    static func package(_ targets: String) -> String {
        "// swift-tools-version: 5.9\nimport PackageDescription\n\nlet package = Package(\n    name: \"Gen\",\n"
            + "    targets: [\n\(targets)\n    ]\n)\n"
    }

    @Test func projectsInATestTargetOrTheTestsFolderAreSkippedWithTheirFiles() throws {
        let repo = try TemporaryRepository([
            "Package.swift": Self.package("""
                    .target(name: "GenKit"),
                    .testTarget(name: "GenKitTests", dependencies: ["GenKit"], exclude: ["Inputs"]),
                """),
            "Sources/GenKit/Generator.swift": "public struct Generator {}\n",
            "Tests/GenKitTests/GeneratorTests.swift": "import GenKit\n",
            "Tests/GenKitTests/Inputs/Local/Package.swift": Self.package("        .target(name: \"Local\"),"),
            "Tests/GenKitTests/Inputs/Local/Sources/Local/Local.swift": "let local = 1\n",
            "Tests/Fixtures/Sample/project.yml": Self.spec,
            "Tests/Fixtures/Sample/App/App.swift": "import Networking\n",
            "Tests/Fixtures/Sample/Nested/project.yml": Self.spec,
            "Viewer/project.yml": Self.spec,
            "Viewer/App/ViewerApp.swift": "import SwiftUI\n",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.modules.map(\.id) == ["Gen/GenKit", "Gen/GenKitTests", "Sample/Sample"])
        #expect(model.module("Sample/Sample")?.project == "Viewer/project.yml")
        #expect(model.projects.filter { $0.source == .swiftpm }.map(\.path) == ["Package.swift"])
        #expect(!model.files.contains { $0.path.hasPrefix("Tests/Fixtures") || $0.path.contains("Inputs") })
        // The nested Sample inside Sample is one folder with it.
        #expect(model.skipped.testFixtureProjects == 2)
        #expect(model.skipped.message == "skipped 2 projects of packages' test data")
    }

    @Test func aTestTargetAtThePackageRootOrHoldingAnotherTargetIsNoTestDataFolder() throws {
        let repo = try TemporaryRepository([
            "Package.swift": Self.package("""
                    .target(name: "Core", path: "Checks/Core"),
                    .testTarget(name: "Checks", dependencies: ["Core"], path: "Checks"),
                    .testTarget(name: "All", path: "."),
                    .target(name: "TestHelpers", path: "Tests/Helpers"),
                    .testTarget(name: "CoreTests", dependencies: ["Core"]),
                """),
            "Checks/Core/Core.swift": "public let core = 1\n",
            "Checks/Demo/project.yml": Self.spec.replacingOccurrences(of: "Sample", with: "Demo"),
            "Checks/Demo/App/Demo.swift": "import Core\n",
            "Tests/CoreTests/CoreTests.swift": "import Core\n",
            "Tests/Helpers/Helper.swift": "public let helper = 1\n",
            "Tests/Helpers/Kit/project.yml": Self.spec.replacingOccurrences(of: "Sample", with: "Kit"),
            "Tests/Data/Other/project.yml": Self.spec.replacingOccurrences(of: "Sample", with: "Other"),
            "App/project.yml": Self.spec,
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        // Checks holds Core, `.` is the package: neither is a test folder. A project in TestHelpers' folder is
        // that target's; only Tests/Data/Other is test data.
        #expect(model.projects.map(\.path)
                == ["App/project.yml", "Checks/Demo/project.yml", "Package.swift", "Tests/Helpers/Kit/project.yml"])
        #expect(model.skipped.testFixtureProjects == 1)
    }

    @Test func aScanOfATreeWithTestFixturesRecordsTheFingerprintTheProbeTakes() throws {
        let cache = try TemporaryRepository()
        let repo = try TemporaryRepository([
            "Package.swift": Self.package("        .testTarget(name: \"GenTests\"),"),
            "Tests/GenTests/GenTests.swift": "import XCTest\n",
            "Tests/Fixtures/Sample/project.yml": Self.spec,
            "Tests/Fixtures/Sample/App/App.swift": "let app = 1\n",
        ])
        repo.setModificationTimeOfAllFiles()
        var scanner = WorkspaceScanner(options: ScanOptions(cacheDirectory: cache.root))
        scanner.clock = { currentTimeNanoseconds() + 3_600_000_000_000 }
        let probed = try #require(scanner.probe(root: repo.root, configuration: .init())?.fingerprint)
        let scanned = try scanner.scanWithStatistics(root: repo.root, configuration: .init())
        #expect(scanned.model.skipped.testFixtureProjects == 1)
        #expect(scanned.fingerprint == probed)
    }
}
