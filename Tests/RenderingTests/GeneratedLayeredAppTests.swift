import ArchlintKit
import ArchlintModel
import Foundation
import Testing

/// The generated app is what the size tests draw: it must have the shape its documentation promises.
@Suite struct GeneratedLayeredAppTests {
    @Test func hasOneHundredFiftyModulesAndItsPlantedViolations() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-layered-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let app = GeneratedLayeredApp()
        try app.write(to: root)
        let analysis = try Analyzer.analyze(root: root.path)
        let local = analysis.moduleGraph.nodes.filter { $0.type != .external }
        #expect(app.moduleCount == 150)
        #expect(local.count == app.moduleCount)
        #expect(analysis.componentGraph.nodes.count == app.features + 1)
        let rules = Dictionary(grouping: analysis.diagnostics.filter { $0.severity == .error }, by: \.rule).mapValues(\.count)
        #expect(rules["cross-feature-import"] == 3, "one edge imported from three files: \(rules)")
        #expect(rules["layer-violation"] == 1, "\(rules)")
        #expect(rules["module-cycle"] != nil, "\(rules)")
        #expect(rules["missing-dependency"] == nil, "\(rules)")
    }

    /// `ARCHLINT_GENERATED_APP_DIR=/tmp/app swift test --filter GeneratedLayeredAppTests` leaves a copy to try
    /// archlint on by hand (README pictures, manual checks).
    @Test func writesACopyWhenAsked() throws {
        guard let directory = ProcessInfo.processInfo.environment["ARCHLINT_GENERATED_APP_DIR"] else { return }
        let root = URL(fileURLWithPath: directory)
        try? FileManager.default.removeItem(at: root)
        try GeneratedLayeredApp().write(to: root)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(".archlint.yml").path))
    }
}
