import ArchlintModel
import Manifests
import Foundation
import Testing
@testable import Workspace

@Suite struct BadInputTests {
    @Test func binarySwiftFileIsReportedAndKeptInItsModule() throws {
        let repo = try TemporaryRepository(["App/Good.swift": "import UIKit\n"])
        try repo.write("App/Blob.swift", bytes: [0xCA, 0xFE, 0x00, 0xBA, 0xBE, 0x00])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        let warnings = model.diagnostics(PipelineRuleID.unreadableFile)
        #expect(warnings.count == 1)
        #expect(warnings.first?.location == SourceLocation(file: "App/Blob.swift", line: 1, column: 1))
        #expect(warnings.first?.message.contains("NUL bytes") == true)
        #expect(warnings.first?.module == "App")
        #expect(model.module("App")?.files == ["App/Blob.swift", "App/Good.swift"])
        #expect(model.files.first { $0.path == "App/Blob.swift" }?.facts == FileFacts(path: "App/Blob.swift"))
    }

    /// StepicOrg/stepik-ios encrypts `IAPPaymentsCache.swift` with git-crypt: a clone that wasn't unlocked holds
    /// ciphertext, which is said as such.
    @Test func aGitCryptEncryptedSwiftFileSaysToUnlockTheRepository() throws {
        let repo = try TemporaryRepository(["App/Good.swift": "import UIKit\n"])
        try repo.write("App/Secret.swift", bytes: [0] + Array("GITCRYPT".utf8) + [0, 0xC6, 0xC4, 0x70, 0x12])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.diagnostics(PipelineRuleID.unreadableFile).map(\.message) == [
            "file is encrypted by git-crypt; archlint skipped it — run `git-crypt unlock` before linting, or add it "
                + "to `exclude:` in .archlint.yml",
        ])
    }

    @Test func nonUTF8SwiftFileIsReportedAtTheBadByte() throws {
        let repo = try TemporaryRepository()
        // Latin-1 "é" (0xE9) on line 2, after 8 bytes.
        try repo.write("App/Latin1.swift", bytes: Array("import A\nlet s = \"".utf8) + [0xE9] + Array("\"\n".utf8))
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        let warnings = model.diagnostics(PipelineRuleID.unreadableFile)
        #expect(warnings.count == 1)
        #expect(warnings.first?.location == SourceLocation(file: "App/Latin1.swift", line: 2, column: 10))
        #expect(warnings.first?.message.contains("not valid UTF-8") == true)
        #expect(warnings.first?.message.contains("re-save it as UTF-8") == true)
    }

    @Test func utf16SwiftFileGetsItsOwnMessage() throws {
        let repo = try TemporaryRepository()
        try repo.write("App/Wide.swift", bytes: [0xFF, 0xFE] + Array("import A".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.diagnostics(PipelineRuleID.unreadableFile).first?.message.contains("UTF-16") == true)
    }

    @Test func emptyFileIsFine() throws {
        let repo = try TemporaryRepository(["App/Empty.swift": ""])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.diagnostics.isEmpty)
        #expect(model.files.map(\.path) == ["App/Empty.swift"])
        #expect(model.module("App")?.files == ["App/Empty.swift"])
    }

    @Test func tooComplexDiagnosticSaysWhereTheScanStoppedAndHowToFixIt() throws {
        let deep = FileFacts(path: "A/Deep.swift", problems: [
            FileProblem(message: "more than 32 nested `#if` blocks", line: 40, column: 3, kind: .fileTooComplex),
        ])
        let diagnostic = try #require(PipelineDiagnostics.tooComplex(in: deep, module: "A"))
        #expect(diagnostic.rule == PipelineRuleID.fileTooComplex)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.location == SourceLocation(file: "A/Deep.swift", line: 40, column: 3))
        #expect(diagnostic.message == "more than 32 nested `#if` blocks; archlint read only this file's imports above this "
            + "point — if it is generated, add it to `exclude:` in .archlint.yml, else split or flatten it")
        // The size bound is reported at the start of the file, where there is no "above".
        let big = FileFacts(path: "Big.swift", problems: [
            FileProblem(message: "file is 9.0 MB, more than the 4.0 MB archlint parses", line: 1, column: 1, kind: .fileTooComplex),
        ])
        #expect(PipelineDiagnostics.tooComplex(in: big, module: nil)?.message.hasPrefix(
            "file is 9.0 MB, more than the 4.0 MB archlint parses; archlint read only this file's imports — ") == true)
        #expect(PipelineDiagnostics.tooComplex(in: FileFacts(path: "ok.swift"), module: nil) == nil)
        #expect(PipelineDiagnostics.syntaxErrors(in: deep, module: nil) == nil)
    }

    @Test func syntaxErrorDiagnosticSummarisesProblemsAtTheFirstOne() throws {
        let facts = FileFacts(path: "A/B.swift", problems: [
            FileProblem(message: "expected '}'", line: 9, column: 2),
            FileProblem(message: "unexpected code", line: 3, column: 5),
        ])
        let diagnostic = try #require(PipelineDiagnostics.syntaxErrors(in: facts, module: "A"))
        #expect(diagnostic.rule == PipelineRuleID.syntaxError)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.location == SourceLocation(file: "A/B.swift", line: 3, column: 5))
        #expect(diagnostic.message.hasPrefix("2 syntax errors (first: unexpected code)"))
        let capped = FileFacts(path: "C.swift", problems: (1...5).map { FileProblem(message: "e\($0)", line: $0, column: 1) }
            + [FileProblem(message: "… 7 more syntax errors in this file", line: 6, column: 1),
               FileProblem(message: "bad comment", line: 1, column: 1, kind: .malformedSuppression)])
        #expect(PipelineDiagnostics.syntaxErrors(in: capped, module: nil)?.message.hasPrefix("12 syntax errors (first: e1)") == true)
        #expect(PipelineDiagnostics.malformedSuppressions(in: capped, module: nil).map(\.rule) == [PipelineRuleID.invalidSuppression])
        #expect(diagnostic.message.contains("may be incomplete"))
        #expect(diagnostic.subject == ["A/B.swift"])
        #expect(PipelineDiagnostics.syntaxErrors(in: FileFacts(path: "ok.swift"), module: nil) == nil)
    }

    @Test func binaryManifestIsReportedAndItsPackageIgnored() throws {
        let repo = try TemporaryRepository(["Pkg/Sources/Lib/Lib.swift": ""])
        try repo.write("Pkg/Package.swift", bytes: [0x7F, 0x45, 0x4C, 0x46, 0x00, 0x01])
        let model = try uncachedScanner().scan(root: repo.root, configuration: .init())
        #expect(model.projects.isEmpty)
        let warnings = model.diagnostics(PipelineRuleID.unreadableFile)
        #expect(warnings.map(\.location.file) == ["Pkg/Package.swift"])
        #expect(warnings.first?.message.contains("its package is ignored") == true)
        // Its sources fall through to the unassigned rule.
        #expect(model.moduleID(ofFile: "Pkg/Sources/Lib/Lib.swift") == "Pkg")
    }

    @Test func manifestIssuesBecomeManifestUnresolvedWarnings() throws {
        let repo = try TemporaryRepository(["Pkg/Package.swift": "", "Pkg/Sources/Lib/Lib.swift": ""])
        let facts = ManifestFacts(
            path: "Pkg/Package.swift", packageName: "Pkg", targets: [target("Lib")],
            unresolved: [ProjectIssue(
                file: "Pkg/Package.swift", message: "can't resolve `extraTargets`; declare them literally", line: 12, column: 7)])
        let model = try scanner(manifests: ["Pkg/Package.swift": facts]).scan(root: repo.root, configuration: .init())
        let warnings = model.diagnostics(PipelineRuleID.manifestUnresolved)
        #expect(warnings == [Diagnostic(
            rule: PipelineRuleID.manifestUnresolved, severity: .warning,
            message: "can't resolve `extraTargets`; declare them literally",
            location: SourceLocation(file: "Pkg/Package.swift", line: 12, column: 7),
            subject: ["Pkg/Package.swift", "can't resolve `extraTargets`; declare them literally"])])
    }

    @Test func failedDumpFallsBackToStaticReadingWithAWarning() throws {
        let repo = try TemporaryRepository(["Package.swift": "// not really a manifest\n"])
        let scanner = WorkspaceScanner(
            options: ScanOptions(manifestMode: .dump, useCache: false),
            dumpReader: { _, _ in throw TestManifestMissing(path: "Package.swift") })
        let model = try scanner.scan(root: repo.root, configuration: .init())
        #expect(model.projects.map(\.path) == ["Package.swift"])
        let warning = try #require(model.diagnostics(PipelineRuleID.manifestUnresolved).first { $0.message.contains("dump-package") })
        #expect(warning.location == SourceLocation(file: "Package.swift", line: 1, column: 1))
        #expect(warning.message.contains("dump-package` failed"))
        #expect(warning.message.contains("statically"))
    }
}
