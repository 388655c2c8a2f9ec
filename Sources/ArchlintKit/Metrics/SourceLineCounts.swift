import ArchlintModel
import Foundation
import Graphs
import SystemSupport

extension ArchitectureMetrics {
    /// The metrics of an analysed codebase: lines are counted from the files on disk.
    public init(_ analysis: ArchitectureAnalysis) {
        self.init(
            workspace: analysis.workspace, moduleGraph: analysis.moduleGraph, componentGraph: analysis.componentGraph,
            classifier: analysis.classifier, lineCounts: SourceLineCounts.count(analysis.workspace))
    }

    /// Module id → its metrics.
    public var byModule: [String: ModuleMetrics] {
        Dictionary(modules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// How many lines each Swift file of a workspace has, read from disk.
public enum SourceLineCounts {
    /// The largest file counted; a larger or unreadable one counts 0 lines.
    public static let maximumFileSize = 64 << 20

    public static func count(_ workspace: WorkspaceModel) -> [String: Int] {
        let paths = Array(Set(workspace.files.map(\.path))).sorted()
        let root = URL(fileURLWithPath: workspace.root)
        let counts = parallelMap(count: paths.count) { index in
            guard case .success(let bytes) = RegularFile.read(
                root.appendingPathComponent(paths[index]).path, limit: maximumFileSize)
            else { return 0 }
            return lines(in: bytes)
        }
        return Dictionary(uniqueKeysWithValues: zip(paths, counts))
    }

    /// Newlines, plus one for a last line that doesn't end with one.
    public static func lines(in bytes: [UInt8]) -> Int {
        let newlines = bytes.count { $0 == UInt8(ascii: "\n") }
        return newlines + (bytes.last.map { $0 == UInt8(ascii: "\n") ? 0 : 1 } ?? 0)
    }
}
