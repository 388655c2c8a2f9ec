import ArchlintModel
import Foundation
import Testing
@testable import ArchlintKit
import Workspace

/// `archlint diff` reads a base that differs from the working tree only in the contents of sources as the working
/// tree's scan with those sources replaced (`RevisionSources`), and checks anything else out. Both ways must give
/// the same diff: after seeded random edits to a committed Needle workspace, the diff read each way is compared
/// whole (JSON of the diff and of the neighbourhood), with and without a cache.
@Suite(.serialized) struct DiffBaseReadingTests {
    typealias Workspace = IncrementalAnalysisTests.NeedleWorkspace

    static func commit(_ workspace: Workspace) throws {
        try DiffRepository.git(["init", "-q", "-b", "main"], in: workspace.root)
        try DiffRepository.git(["add", "-A"], in: workspace.root)
        try DiffRepository.git(["commit", "-q", "-m", "base"], in: workspace.root)
    }

    /// The diff against HEAD read both ways: (from the working tree's scan, from a checkout).
    static func bothWays(_ root: URL, cache: Bool) throws -> (DiffResult, DiffResult) {
        func run(_ fromWorkingTree: Bool) throws -> DiffResult {
            let cacheDirectory = root.path + "-cache-\(fromWorkingTree)"
            let scan = cache ? ScanOptions(cacheDirectory: cacheDirectory) : ScanOptions(useCache: false)
            var request = DiffRequest(root: root.path, base: "HEAD", options: AnalyzerOptions(scan: scan))
            request.readsBaseFromWorkingTree = fromWorkingTree
            return try DiffSession.run(request)
        }
        return (try run(true), try run(false))
    }

    /// The base's findings as `lint --new-since` takes them, read both ways (without a cache).
    static func baseFindingsBothWays(_ root: URL) throws -> ([Diagnostic], [Diagnostic]) {
        let revision = try DiffSession.BaseRevision(root: root.path, revision: "HEAD")
        let configuration = try Analyzer.configuration(root: root.path)
        func findings(_ fromWorkingTree: Bool) throws -> [Diagnostic] {
            var request = DiffRequest(root: root.path, base: "HEAD", options: AnalyzerOptions(scan: ScanOptions(useCache: false)))
            request.readsBaseFromWorkingTree = fromWorkingTree
            let (analysis, _) = try DiffSession.baseAnalysis(
                revision, request: request, configuration: configuration, workingTree: nil)
            return DiffSide(analysis: analysis).findings
        }
        return (try findings(true), try findings(false))
    }

    static func text(_ result: DiffResult) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return String(decoding: try encoder.encode(result.diff), as: UTF8.self)
            + String(decoding: try encoder.encode(result.neighbourhood), as: UTF8.self)
    }

    static func cleanUp(_ workspace: Workspace) {
        workspace.remove()
        for suffix in ["-cache-true", "-cache-false"] { try? FileManager.default.removeItem(atPath: workspace.root.path + suffix) }
    }

    @Test(arguments: [(1, false), (2, true), (3, true), (4, false)] as [(UInt64, Bool)])
    func randomEditsGiveTheCheckoutsDiff(seed: UInt64, cache: Bool) throws {
        var workspace = try Workspace(seed: seed)
        defer { Self.cleanUp(workspace) }
        try Self.commit(workspace)
        var readFromWorkingTree = 0
        for step in 0..<8 {
            if step > 0 {
                // Each step's diff is its own edit: the last one becomes the base.
                try DiffRepository.git(["add", "-A"], in: workspace.root)
                try DiffRepository.git(["commit", "-q", "-m", "step \(step)"], in: workspace.root)
            }
            let edit = try workspace.applyRandomEdit(step: step)
            let (patched, checkedOut) = try Self.bothWays(workspace.root, cache: cache)
            #expect(try Self.text(patched) == Self.text(checkedOut), "after step \(step): \(edit)")
            let (fromWorkingTree, fromCheckout) = try Self.baseFindingsBothWays(workspace.root)
            #expect(fromWorkingTree == fromCheckout, "the base's findings after step \(step): \(edit)")
            // As `lint --new-since` and `lint --report-dir --base` read them, from the lint's own analysis.
            let options = AnalyzerOptions(scan: cache ? ScanOptions(cacheDirectory: workspace.root.path + "-cache-true") : ScanOptions(useCache: false))
            let head = try Analyzer.analyze(root: workspace.root.path, options: options)
            #expect(head.scan != nil)
            let shared = try DiffSession.findings(
                root: workspace.root.path, revision: "HEAD", options: options, configuration: head.configuration,
                workingTree: head)
            #expect(shared == fromCheckout, "the base's findings from the lint's analysis after step \(step): \(edit)")
            let (diff, neighbourhood) = try DiffSession.changes(root: workspace.root.path, base: "HEAD", head: head, options: options)
            #expect(
                try Self.text(DiffResult(diff: diff, neighbourhood: neighbourhood, head: head, baseReading: checkedOut.baseReading))
                    == Self.text(checkedOut), "the report's changes after step \(step): \(edit)")
            #expect(checkedOut.baseReading == .checkout)
            // An added component is a new file: only a checkout has the base's tree then.
            let addsFiles = try DiffRepository.git(["status", "--porcelain", "--untracked-files=all"], in: workspace.root)
                .split(separator: "\n").contains { $0.hasPrefix("??") }
            if addsFiles {
                #expect(patched.baseReading == .checkout, "after step \(step): \(edit)")
            } else if case .changedSources = patched.baseReading {
                readFromWorkingTree += 1
            } else {
                Issue.record("after step \(step) (\(edit)) the base was checked out: \(patched.baseReading)")
            }
        }
        #expect(readFromWorkingTree > 0, "no step exercised the reading from the working tree")
    }

    /// Contents a scan rejects or can't parse are replaced like any other: a syntax error, bytes that aren't
    /// UTF-8, an emptied file. The base is read from the working tree and says exactly what a checkout says.
    @Test func brokenContentsOnEitherSideGiveTheCheckoutsDiff() throws {
        let workspace = try Workspace(seed: 11)
        defer { Self.cleanUp(workspace) }
        let broken = "Sources/Feature1/Feature1View.swift"
        let invalid = "Sources/Feature2/Feature2View.swift"
        try workspace.put(broken, try workspace.read(broken) + "\nfunc unfinished( {\n")
        try Data([0x69, 0x6D, 0x70, 0xFF, 0xFE, 0x0A]).write(to: workspace.file(invalid))
        try Self.commit(workspace)
        try workspace.put(broken, try workspace.read(broken).replacingOccurrences(of: "func unfinished( {", with: ""))
        try workspace.put(invalid, "import Services\n")
        try workspace.put("Sources/Feature0/Feature0View.swift", "")
        let (patched, checkedOut) = try Self.bothWays(workspace.root, cache: true)
        #expect(patched.baseReading == .changedSources([
            "Sources/Feature0/Feature0View.swift", broken, invalid,
        ]))
        #expect(try Self.text(patched) == Self.text(checkedOut))
        #expect(patched.diff.findings.fixed.contains { $0.rule == "syntax-error" })
        #expect(patched.diff.findings.fixed.contains { $0.rule == "unreadable-file" })
    }

    /// What only a checkout reads right: an untracked source, a changed manifest, a deleted source. A directory
    /// the base lacks that holds nothing discovery reads (an ignored build folder) still reads from the working
    /// tree.
    @Test func treeChangesAreCheckedOut() throws {
        let workspace = try Workspace(seed: 12)
        defer { Self.cleanUp(workspace) }
        try workspace.put(".gitignore", "Output/\n")
        try Self.commit(workspace)
        let view = "Sources/Feature1/Feature1View.swift"
        try workspace.put(view, "import Feature3\n" + (try workspace.read(view)))
        try workspace.put("Output/Build/log.txt", "ignored\n")
        // Reading the base from the working tree writes nothing into git's state either.
        func gitState() throws -> [Data] {
            [Data(try DiffRepository.git(["status", "--porcelain", "--untracked-files=all"], in: workspace.root).utf8),
             Data(try DiffRepository.git(["stash", "list"], in: workspace.root).utf8),
             try Data(contentsOf: workspace.file(".git/index"))]
        }
        let before = try gitState()
        var (patched, checkedOut) = try Self.bothWays(workspace.root, cache: false)
        #expect(try gitState() == before)
        #expect(patched.baseReading == .changedSources([view]))
        #expect(try Self.text(patched) == Self.text(checkedOut))

        for (path, text) in [("Sources/Feature1/Untracked.swift", "import Feature4\n"), ("Output/Ignored.swift", "import App\n")] {
            try workspace.put(path, text)
            (patched, checkedOut) = try Self.bothWays(workspace.root, cache: false)
            #expect(patched.baseReading == .checkout, "\(path)")
            #expect(try Self.text(patched) == Self.text(checkedOut))
            try FileManager.default.removeItem(at: workspace.file(path))
        }
        try workspace.put("Package.swift", try workspace.read("Package.swift") + "\n// changed\n")
        (patched, _) = try Self.bothWays(workspace.root, cache: false)
        #expect(patched.baseReading == .checkout)
        try DiffRepository.git(["checkout", "--", "Package.swift"], in: workspace.root)
        try FileManager.default.removeItem(at: workspace.file("Sources/Feature2/Feature2View.swift"))
        (patched, checkedOut) = try Self.bothWays(workspace.root, cache: false)
        #expect(patched.baseReading == .checkout)
        #expect(try Self.text(patched) == Self.text(checkedOut))
    }
}
