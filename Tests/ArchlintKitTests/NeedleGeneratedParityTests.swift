import ArchlintKit
import ArchlintModel
import ArchlintTestSupport
import Foundation
import Testing

/// needle's generator runs once per app over that app's sources and writes its resolutions into the app's
/// NeedleGenerated.swift. archlint's resolutions for each app's Needle scope must be exactly those: every
/// root → component path, every property, the same providing ancestor.
@Suite struct NeedleGeneratedParityTests {
    /// Each app scope's resolutions against the NeedleGenerated.swift that the app compiles.
    static func compare(_ analysis: ArchitectureAnalysis) throws -> [String: (archlint: Set<NeedleGeneratedFile.Resolution>, needle: Set<NeedleGeneratedFile.Resolution>)] {
        var result: [String: (Set<NeedleGeneratedFile.Resolution>, Set<NeedleGeneratedFile.Resolution>)] = [:]
        let root = URL(fileURLWithPath: analysis.workspace.root)
        for file in analysis.workspace.files where file.facts.isNeedleGenerated {
            let text = try String(contentsOf: root.appendingPathComponent(file.path), encoding: .utf8)
            let scope = file.module
            let ours = analysis.componentGraph.resolutions.filter { ($0.scope ?? scope) == scope && $0.provider != nil }
                .map { NeedleGeneratedFile.Resolution(path: $0.path, property: $0.property, type: $0.type, provider: $0.provider!) }
            result[scope] = (Set(ours), NeedleGeneratedFile(text: text).resolutions)
        }
        return result
    }

    @Test func eachSampleAppResolvesAsItsNeedleGeneratedSays() throws {
        let analysis = try Analyzer.analyze(
            root: FixturePaths.fixtures.appendingPathComponent("needle-sample-apps").path,
            options: AnalyzerOptions(scan: .init(useCache: false)))
        let comparison = try Self.compare(analysis)
        #expect(comparison.count == 3, "one NeedleGenerated.swift per app: \(comparison.keys.sorted())")
        for (scope, sides) in comparison.sorted(by: { $0.key < $1.key }) {
            #expect(!sides.needle.isEmpty, "\(scope): NeedleGenerated.swift read as empty")
            #expect(sides.archlint == sides.needle, """
                \(scope): only archlint: \(sides.archlint.subtracting(sides.needle).sorted())
                only needle: \(sides.needle.subtracting(sides.archlint).sorted())
                """)
        }
        #expect(!analysis.diagnostics.contains { $0.rule == "duplicate-component" })
    }

    /// A public Needle repository with several apps (uber/needle's `Sample/`): set ARCHLINT_NEEDLE_PARITY_REPO.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ARCHLINT_NEEDLE_PARITY_REPO"] != nil))
    func aFetchedRepositoryResolvesAsItsNeedleGeneratedFilesSay() throws {
        let root = ProcessInfo.processInfo.environment["ARCHLINT_NEEDLE_PARITY_REPO"]!
        let analysis = try Analyzer.analyze(root: root, options: AnalyzerOptions(scan: .init(useCache: false)))
        for (scope, sides) in try Self.compare(analysis).sorted(by: { $0.key < $1.key }) {
            print("needle parity \(scope): archlint \(sides.archlint.count), needle \(sides.needle.count), equal: \(sides.archlint == sides.needle)")
            #expect(sides.archlint == sides.needle, """
                \(scope): only archlint: \(sides.archlint.subtracting(sides.needle).sorted())
                only needle: \(sides.needle.subtracting(sides.archlint).sorted())
                """)
        }
        let duplicates = analysis.diagnostics.filter { $0.rule == "duplicate-component" }
        #expect(duplicates.isEmpty, "\(duplicates.map(\.message))")
    }
}
