import ArchlintTestSupport
import Foundation
import Testing

/// `archlint graph --kind layers`, the flags that keep what large pictures hide, and the layout choices,
/// through the built binary.
@Suite struct LayerGraphCLITests {
    static let layerCycle = FixturePaths.fixtures.appendingPathComponent("layer-cycle").path

    @Test func layersAsJSONAndDot() throws {
        let json = try ProcessResult.archlint(["graph", Self.layerCycle, "--kind", "layers", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["kind"] as? String == "layers")
        #expect(object?["grouping"] as? String == "layers")
        let groups = (object?["groups"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        #expect(Array(groups.prefix(4)) == ["feature", "core", "design-system", "assets"], "\(groups)")
        let red = (object?["edges"] as? [[String: Any]] ?? []).filter { ($0["violations"] as? Int ?? 0) > 0 }
        #expect(!red.isEmpty, "layer-cycle has an upward import")

        let dot = try ProcessResult.archlint(["graph", Self.layerCycle, "--kind", "layers", "--format", "dot", "--rankdir", "LR"])
        #expect(dot.status == 0, "\(dot.stderr)")
        #expect(dot.stdout.contains("cluster_layer_000") && dot.stdout.contains("rankdir=\"LR\""))
        #expect(dot.stdout.contains("href=\"#focus-"))
        let mermaid = try ProcessResult.archlint(["graph", Self.layerCycle, "--kind", "layers", "--format", "mermaid"])
        #expect(mermaid.status == 0 && mermaid.stdout.hasPrefix("flowchart TB"), "\(mermaid.stderr)")
    }

    @Test func clusterChoice() throws {
        let none = try ProcessResult.archlint(["graph", Self.layerCycle, "--format", "dot", "--clusters", "none"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(!none.stdout.contains("cluster_layer") && !none.stdout.contains("cluster_package"))
        let packages = try ProcessResult.archlint(["graph", Self.layerCycle, "--format", "dot", "--clusters", "packages"])
        #expect(packages.stdout.contains("cluster_package_") && !packages.stdout.contains("cluster_layer"))
    }

    @Test func contradictoryFlagsExitTwo() throws {
        let all = try ProcessResult.archlint(["graph", Self.layerCycle, "--format", "dot", "--all", "--reduce"])
        #expect(all.status == 2 && all.stderr.contains("--all draws everything"))
        let focus = try ProcessResult.archlint(["graph", Self.layerCycle, "--kind", "layers", "--focus", "Assets"])
        #expect(focus.status == 2 && focus.stderr.contains("--focus"))
    }

    /// Above 40 modules the defaults hide tests and externals and say so on stderr and in the picture; `--all`
    /// draws everything without a caption.
    @Test func largeGraphsAreCaptionedUnlessAll() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-captioned-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try GeneratedMonorepo(modules: 60, edges: 150).write(to: root)
        let cache = ["--cache-dir", root.appendingPathComponent("cache").path]
        let simplified = try ProcessResult.archlint(["graph", root.path, "--format", "dot"] + cache)
        #expect(simplified.status == 0, "\(simplified.stderr)")
        #expect(simplified.stderr.contains("note: ") && simplified.stderr.contains("archlint graph --all"))
        #expect(simplified.stdout.contains("labelloc=\"b\""))
        let all = try ProcessResult.archlint(["graph", root.path, "--format", "dot", "--all"] + cache)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(!all.stderr.contains("archlint graph --all") && !all.stdout.contains("labelloc=\"b\""))
        // JSON, the data contract, is never simplified.
        let json = try ProcessResult.archlint(["graph", root.path, "--format", "json"] + cache)
        #expect(!json.stderr.contains("note: "))
    }
}
