import ArchlintModel
import Foundation
@testable import Manifests

func readManifest(_ source: String, path: String = "Package.swift") -> ManifestFacts {
    ManifestReader.read(source: source, path: path)
}

extension ManifestFacts {
    func target(_ name: String) -> TargetDecl? { targets.first { $0.name == name } }

    var targetNames: [String] { targets.map(\.name) }
}

extension TargetDecl {
    var dependencyNames: [String] { dependencies.map(\.name) }
}

/// `line:column` of the first occurrence of `needle` in `source` (1-based, UTF-8 columns), for location assertions.
func position(of needle: String, in source: String, occurrence: Int = 1) -> (line: Int, column: Int)? {
    var searchStart = source.startIndex
    var found: Range<String.Index>?
    for _ in 0..<occurrence {
        guard let range = source.range(of: needle, range: searchStart..<source.endIndex) else { return nil }
        found = range
        searchStart = range.upperBound
    }
    guard let found else { return nil }
    let before = source[..<found.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { source.index(after: $0) } ?? source.startIndex
    let column = source[lineStart..<found.lowerBound].utf8.count + 1
    return (line, column)
}

func location(_ line: Int, _ column: Int) -> String { "\(line):\(column)" }

extension TargetDecl { var location: String { "\(line):\(column)" } }
extension TargetDependencyDecl { var location: String { "\(line):\(column)" } }
extension ProjectIssue { var location: String { "\(line):\(column)" } }

func at(_ needle: String, in source: String, occurrence: Int = 1) -> String {
    guard let found = position(of: needle, in: source, occurrence: occurrence) else { return "not found: \(needle)" }
    return "\(found.line):\(found.column)"
}
