import ArchlintKit
import ArchlintModel
import Foundation
import Testing

/// `config-shadowed-entry` is reported at the entry in `.archlint.yml` (relative to the root) and follows its
/// configured severity like any rule id.
@Suite struct ConfigShadowedEntryTests {
    static let layers = """
        layers:
          - {name: services, modules: ["*Service"]}
          - {name: base, modules: ["BaseService", "*Service"]}

        """

    func diagnostics(_ rules: String) throws -> [Diagnostic] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shadowed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try (Self.layers + rules).write(to: root.appendingPathComponent(".archlint.yml"), atomically: true, encoding: .utf8)
        return try Analyzer.analyze(root: root.path, options: AnalyzerOptions(scan: .init(useCache: false)))
            .diagnostics.filter { $0.rule == "config-shadowed-entry" }
    }

    @Test func reportedAsAWarningAtTheEntry() throws {
        let found = try diagnostics("")
        #expect(found.map(\.location) == [SourceLocation(file: ".archlint.yml", line: 3, column: 43)])
        #expect(found.map(\.severity) == [.warning])
    }

    @Test func followsItsConfiguredSeverity() throws {
        #expect(try diagnostics("rules:\n  config-shadowed-entry: error\n").map(\.severity) == [.error])
        #expect(try diagnostics("rules:\n  config-shadowed-entry: off\n").isEmpty)
    }
}
