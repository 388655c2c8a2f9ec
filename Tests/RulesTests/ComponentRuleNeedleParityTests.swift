import ArchlintKit
import ArchlintModel
import Foundation
import Testing

enum NeedleSamples {
    static let directory = ProcessInfo.processInfo.environment["ARCHLINT_NEEDLE_SAMPLES"]
}

/// Parity with needle's generator on uber/needle's sample apps, which are not part of this repository: set
/// `ARCHLINT_NEEDLE_SAMPLES` to a checkout's `Sample` directory to run it. Every provider in a sample's checked-in
/// `NeedleGenerated.swift` (path, property, type, providing component) must equal archlint's resolution, and the
/// registered paths must equal archlint's root → component paths.
@Suite(.enabled(if: NeedleSamples.directory != nil, "ARCHLINT_NEEDLE_SAMPLES is not set"))
struct ComponentRuleNeedleParityTests {
    static let samples = NeedleSamples.directory

    /// Sample app directory → its generated file, relative to it.
    static let apps = [
        "MVC/TicTacToe": "Sources/NeedleGenerated.swift",
        "SwiftUI-MVVM/TicTacToe": "Sources/NeedleGenerated.swift",
        "Pluginized/TicTacToe": "TicTacToeCore/NeedleGenerated.swift",
    ]

    struct Entry: Hashable, Comparable, CustomStringConvertible {
        var path: String
        var property: String
        var type: String
        var provider: String

        var description: String { "\(path) \(property): \(type) ← \(provider)" }
        static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.description < rhs.description }
    }

    @Test(arguments: apps.keys.sorted())
    func resolutionsEqualNeedleGenerated(app: String) throws {
        let root = URL(fileURLWithPath: try #require(Self.samples)).appendingPathComponent(app)
        let generated = try String(contentsOf: root.appendingPathComponent(Self.apps[app]!), encoding: .utf8)
        let expected = Self.generatedEntries(generated)
        let analysis = try Analyzer.analyze(root: root.path, options: AnalyzerOptions(scan: .init(useCache: false)))
        let graph = analysis.componentGraph
        let actual = Set(graph.resolutions.map {
            Entry(path: Self.pathText($0.path), property: $0.property, type: $0.type, provider: $0.provider ?? "nil")
        })
        #expect(!expected.isEmpty)
        #expect(actual.sorted() == expected.sorted())
        #expect(Self.allPaths(graph) == Self.registeredPaths(generated))
        #expect(analysis.diagnostics.isEmpty, "\(analysis.diagnostics.map(\.message))")
    }

    static func pathText(_ path: [String]) -> String { "^->" + path.joined(separator: "->") }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).map { match in
            (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// Provider classes (`var x: T { return someComponent.x }` plus `private let someComponent: SomeComponent`)
    /// joined to the factories that use them (`/// ^->A->B` above `return SomeProvider(`).
    static func generatedEntries(_ text: String) -> Set<Entry> {
        var classes: [String: [(property: String, type: String, provider: String)]] = [:]
        for match in matches(#"private class (\w+): \w+ \{(.*?)\n\}"#, in: text) {
            let body = match[2]
            var fields: [String: String] = [:]
            for field in matches(#"private (?:unowned )?let (\w+): (\w+)"#, in: body) { fields[field[1]] = field[2] }
            classes[match[1]] = matches(#"var (\w+): ([^{]+?) \{\s*return \(?(\w+)"#, in: body).map {
                ($0[1], $0[2].trimmingCharacters(in: .whitespaces), fields[$0[3]] ?? "?")
            }
        }
        var entries: Set<Entry> = []
        for factory in matches(#"/// (\^->[\w>-]+)\nprivate func \w+\([^\n]*\n\s*return (\w+)\("#, in: text) {
            for property in classes[factory[2]] ?? [] {
                entries.insert(Entry(path: factory[1], property: property.property, type: property.type, provider: property.provider))
            }
        }
        return entries
    }

    static func registeredPaths(_ text: String) -> Set<String> {
        Set(matches(#"registerProviderFactory\("(\^->[\w>-]+)""#, in: text).map { $0[1] })
    }

    static func allPaths(_ graph: ComponentGraph) -> Set<String> {
        var children: [String: Set<String>] = [:]
        for edge in graph.edges { children[edge.from, default: []].insert(edge.to) }
        var paths: Set<String> = []
        func walk(_ path: [String]) {
            paths.insert(pathText(path))
            for child in children[path.last!] ?? [] where !path.contains(child) { walk(path + [child]) }
        }
        for node in graph.nodes where node.type == .root { walk([node.id]) }
        return paths
    }
}
