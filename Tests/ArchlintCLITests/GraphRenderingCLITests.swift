import ArchlintTestSupport
import Foundation
import Testing

/// `archlint graph` rendering formats and filters, and `lint --report-dir`, through the built binary.
@Suite struct GraphRenderingCLITests {
    static let layerCycle = FixturePaths.fixtures.appendingPathComponent("layer-cycle").path

    /// In-process Graphviz: the binary renders with an empty PATH (no `dot` to find).
    @Test func rendersEveryFormatWithAnEmptyPath() throws {
        let signatures: [(String, [UInt8])] = [
            ("svg", Array("<?xml".utf8)), ("png", [0x89, 0x50, 0x4E, 0x47]), ("pdf", Array("%PDF".utf8)),
            ("dot", Array("digraph".utf8)), ("mermaid", Array("flowchart".utf8)),
        ]
        for (format, signature) in signatures {
            let result = try ProcessResult.archlint(["graph", Self.layerCycle, "--format", format], environment: ["PATH": ""])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stdoutData.starts(with: signature), "\(format)")
        }
    }

    /// Externals that outnumber the codebase's own modules (remote-products: 2 modules, 9 externals) are drawn one
    /// node per package, their edges merged, the unused-dependency edges amber; the caption says what was merged.
    @Test(arguments: [("dot", "modules.dot"), ("mermaid", "modules.mmd")])
    func externalsAreCollapsedPerPackage(format: String, golden: String) throws {
        let fixture = FixturePaths.fixtures.appendingPathComponent("remote-products").path
        let result = try ProcessResult.archlint(["graph", fixture, "--format", format, "--no-cache"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("9 externals drawn as one node per package"), "\(result.stderr)")
        try FixtureGoldenTests.compare(result.stdout, fixture: "remote-products", file: golden)
    }

    @Test func focusReverseAndHideFilterTheGraph() throws {
        let result = try ProcessResult.archlint([
            "graph", Self.layerCycle, "--format", "json", "--focus", "Assets", "--reverse", "--depth", "1", "--hide-tests",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let graph = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let names = Set((graph?["nodes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(names == ["Assets", "DesignSystem", "HomeFeature"])
    }

    @Test func unknownFocusAndDepthWithoutFocusExitTwo() throws {
        let unknown = try ProcessResult.archlint(["graph", Self.layerCycle, "--format", "dot", "--focus", "NoSuchModule"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no node named 'NoSuchModule'"))
        let depth = try ProcessResult.archlint(["graph", Self.layerCycle, "--depth", "2"])
        #expect(depth.status == 2)
        #expect(depth.stderr.contains("--depth needs --focus"))
    }

    @Test func lintWritesTheReportDirectoryAlongsideItsFormat() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-cli-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ProcessResult.archlint(["lint", Self.layerCycle, "--format", "json", "--report-dir", directory.path])
        #expect(result.status == 1)  // the fixture has errors; the report doesn't change the exit code
        for file in ["index.html", "modules.svg", "report.json"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)")
        }
        let reportJSON = try String(contentsOf: directory.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(reportJSON == result.stdout)
        let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<code>module-cycle</code>"))
        // The fixture has no Needle components: a message instead of an empty picture.
        #expect(html.contains("No Needle components found"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("components.svg").path))
    }
}
