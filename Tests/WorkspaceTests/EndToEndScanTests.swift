import ArchlintModel
import Testing
@testable import Workspace

/// The Workspace stage with the real SwiftFacts scanner and static manifest reader.
@Suite struct EndToEndScanTests {
    @Test func fileWithSyntaxErrorsStillYieldsItsImports() throws {
        let repo = try TemporaryRepository([
            "App/Broken.swift": """
                import UIKit
                @testable import Core

                final class Broken {
                    func run( {
                }
                """,
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        let file = try #require(model.files.first)
        #expect(file.facts.imports.map(\.module) == ["UIKit", "Core"])
        let warnings = model.diagnostics(PipelineRuleID.syntaxError)
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.location.file == "App/Broken.swift")
        #expect(warning.location.line >= 5)
        #expect(warning.message.contains("syntax error"))
        #expect(warning.message.contains("may be incomplete"))
        #expect(warning.module == "App")
    }

    @Test func cappedSyntaxErrorsAreCountedInFull() throws {
        let lines = (1...9).map { "let x\($0) = = \($0)" }.joined(separator: "\n")
        let repo = try TemporaryRepository(["App/Many.swift": lines + "\n"])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        let problems = try #require(model.files.first?.facts.problems)
        let warning = try #require(model.diagnostics(PipelineRuleID.syntaxError).first)
        // Two parser errors per line; the scanner keeps 5 plus a "… 13 more" entry and the diagnostic counts all.
        #expect(problems.count == 6)
        #expect(warning.message.hasPrefix("18 syntax errors (first: expected expression"), "\(warning.message)")
    }

    @Test func malformedSuppressionBecomesInvalidSuppression() throws {
        let repo = try TemporaryRepository(["App/A.swift": "import UIKit // archlint:disable:this\n"])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        let warnings = model.diagnostics(PipelineRuleID.invalidSuppression)
        #expect(warnings.count == 1)
        #expect(warnings.first?.location.line == 1)
        #expect(warnings.first?.message.contains("names no rule") == true)
    }

    /// A file past a scanner bound is one `file-too-complex` warning at the point where the scanner stopped; its
    /// imports above that point and every other file are still scanned, and the cache round-trips its facts.
    @Test func tooComplexFileIsReportedAndTheRestIsScanned() throws {
        let repo = try TemporaryRepository([
            "App/Deep.swift": "import Core\nlet a = " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n",
            "App/Normal.swift": "import UIKit\nstruct Normal {}\n",
        ])
        let cacheDirectory = repo.path(".cache")
        let scanner = WorkspaceScanner(options: ScanOptions(cacheDirectory: cacheDirectory))
        let cold = try scanner.scan(root: repo.root, configuration: .init())
        let warm = try scanner.scan(root: repo.root, configuration: .init())
        #expect(cold == warm)
        let warnings = cold.diagnostics(PipelineRuleID.fileTooComplex)
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.location == SourceLocation(file: "App/Deep.swift", line: 2, column: 9 + 12))
        #expect(warning.severity == .warning)
        #expect(warning.module == "App")
        #expect(warning.message.contains("more than 12 `[` in a row"))
        #expect(warning.message.contains("read only this file's imports above this point"))
        #expect(warning.message.contains("`exclude:` in .archlint.yml"))
        #expect(cold.diagnostics(PipelineRuleID.syntaxError).isEmpty)
        let files = Dictionary(uniqueKeysWithValues: cold.files.map { ($0.path, $0.facts) })
        #expect(files["App/Deep.swift"]?.imports.map(\.module) == ["Core"])
        #expect(files["App/Normal.swift"]?.imports.map(\.module) == ["UIKit"])
        #expect(files["App/Normal.swift"]?.types.map(\.name) == ["Normal"])
    }

    @Test func manifestThatIsNotSwiftIsReportedNotFatal() throws {
        let repo = try TemporaryRepository([
            "Pkg/Package.swift": "<?xml version=\"1.0\"?>\n<project><name>oops</name></project>\n",
            "Pkg/Sources/Lib/Lib.swift": "import Foundation\n",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        let warnings = model.diagnostics(PipelineRuleID.manifestUnresolved)
        #expect(!warnings.isEmpty)
        #expect(warnings.allSatisfy { $0.location.file == "Pkg/Package.swift" })
        #expect(model.projects.map(\.path) == ["Pkg/Package.swift"])
        #expect(model.projects.first?.source == .swiftpm)
        #expect(model.projects.first?.targets == [])
        // Nothing claims the sources: they stay visible as an unassigned module.
        #expect(model.moduleID(ofFile: "Pkg/Sources/Lib/Lib.swift") == "Pkg")
    }

    @Test func staticManifestDrivesTheMapping() throws {
        let repo = try TemporaryRepository([
            "AppPackage/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription

                let package = Package(
                    name: "AppPackage",
                    targets: [
                        .target(name: "UICore", dependencies: ["DesignSystem"], path: "Sources/Core/UI"),
                        .target(name: "DesignSystem"),
                        .testTarget(name: "UICoreTests", dependencies: ["UICore"]),
                    ]
                )
                """,
            "AppPackage/Sources/Core/UI/Button.swift": "import DesignSystem\n",
            "AppPackage/Sources/DesignSystem/Palette.swift": "",
            "AppPackage/Tests/UICoreTests/ButtonTests.swift": "@testable import UICore\n",
            "App/Sources/AppDelegate.swift": "import UICore\n",
        ])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.diagnostics.isEmpty)
        #expect(model.modules.map(\.id) == ["App", "AppPackage/DesignSystem", "AppPackage/UICore", "AppPackage/UICoreTests"])
        let uiCore = try #require(model.module("AppPackage/UICore"))
        #expect(uiCore.path == "AppPackage/Sources/Core/UI")
        #expect(uiCore.files == ["AppPackage/Sources/Core/UI/Button.swift"])
        #expect(uiCore.declaration == SourceLocation(file: "AppPackage/Package.swift", line: 7, column: 9))
        #expect(model.module("AppPackage/UICoreTests")?.type == .test)
        #expect(model.files.first { $0.path == "AppPackage/Tests/UICoreTests/ButtonTests.swift" }?.facts.imports.first?.isTestable == true)
    }
}
