import ArchlintKit
import ArchlintModel
import Foundation
import Testing

/// For parity checks against independent readers (`scripts/parity/xcode_targets.py --modules-json`): with
/// ARCHLINT_PARITY_REPO and ARCHLINT_PARITY_OUT set, writes every module of that repository with its full file
/// list and its declared edges. The graph JSON only counts files; the parity script needs the lists.
@Suite struct ModuleListDump {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ARCHLINT_PARITY_REPO"] != nil))
    func writeModulesWithTheirFiles() throws {
        let environment = ProcessInfo.processInfo.environment
        let analysis = try Analyzer.analyze(
            root: environment["ARCHLINT_PARITY_REPO"]!, options: AnalyzerOptions(scan: .init(useCache: false)))
        let nodes: [[String: Any]] = analysis.moduleGraph.nodes.map { module in
            ["id": module.id, "name": module.name, "project": module.project ?? NSNull(), "type": module.type.rawValue,
             "files": module.files]
        }
        let edges: [[String: Any]] = analysis.moduleGraph.edges.map {
            ["from": $0.from, "to": $0.to, "kind": $0.kind.rawValue]
        }
        let data = try JSONSerialization.data(withJSONObject: ["nodes": nodes, "edges": edges], options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: environment["ARCHLINT_PARITY_OUT"]!))
        #expect(!nodes.isEmpty)
    }
}
