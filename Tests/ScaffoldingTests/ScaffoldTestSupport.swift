import ArchlintKit
import ArchlintModel
import Foundation
import Scaffolding
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

enum ScaffoldFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Fixtures")
    static let updating = ProcessInfo.processInfo.environment["ARCHLINT_UPDATE_GOLDENS"] == "1"

    /// A copy of a fixture in a fresh temporary folder, without its `expected/`.
    static func copy(_ fixture: String) throws -> URL {
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("archlint-scaffold-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(fixture), to: destination)
        try? FileManager.default.removeItem(at: destination.appendingPathComponent("expected"))
        return destination
    }

    static func analyze(_ root: URL) throws -> ArchitectureAnalysis {
        try Analyzer.analyze(root: root.path, options: AnalyzerOptions(scan: .init(useCache: false)))
    }

    static func plan(_ request: ScaffoldRequest, in root: URL) throws -> ScaffoldPlan {
        let analysis = try analyze(root)
        return try Scaffolder.plan(request, root: root.path, workspace: analysis.workspace, moduleGraph: analysis.moduleGraph)
    }

    /// Every regular file under `root`, relative path → bytes.
    static func snapshot(_ root: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return files
        }
        let prefix = root.resolvingSymlinksInPath().path + "/"
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.resolvingSymlinksInPath().path
            files[path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path] = try? Data(contentsOf: url)
        }
        return files
    }

    /// The parser's diagnostics of a Swift text, as `line:col: message`.
    static func parseProblems(_ source: String) -> [String] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        return ParseDiagnosticsGenerator.diagnostics(for: tree).map {
            let location = $0.location(converter: converter)
            return "\(location.line):\(location.column): \($0.message)"
        }
    }

    /// `file:line:col: severity: message [rule]`, one per diagnostic.
    static func lines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map {
            "\($0.location.file):\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message) [\($0.rule)]"
        }
    }
}
