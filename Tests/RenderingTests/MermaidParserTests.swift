import ArchlintModel
import Foundation
import Reporting
import Testing

/// The Markdown diagrams through Mermaid's own parser (the one GitHub renders with), in headless Chromium.
/// Mermaid isn't packaged for Debian and npm isn't reachable here; PyPI's `jupyterlab-mermaid-latest-extension`
/// 1.0.7 bundles mermaid 11.15.0 as webpack chunks, which a minimal webpack runtime (below) loads. Opt-in:
///
///     pip download --no-deps jupyterlab-mermaid-latest-extension==1.0.7 && unzip -q jupyterlab_mermaid*.whl -d jl
///     ARCHLINT_MERMAID_STATIC=$PWD/jl/jupyterlab_mermaid_latest_extension-1.0.7.data/data/share/jupyter/labextensions/jupyterlab_mermaid_latest_extension/static \
///         swift test --skip-build --filter MermaidParserTests
///
/// Without that variable (or without chromium) it checks nothing; `MarkdownDiagramTests` checks the same
/// diagrams structurally everywhere.
@Suite struct MermaidParserTests {
    @Test func mermaidParsesEveryDiagramTheSummaryWrites() throws {
        guard let staticDirectory = ProcessInfo.processInfo.environment["ARCHLINT_MERMAID_STATIC"],
              let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile)
        else { return }
        let chunks = try FileManager.default.contentsOfDirectory(atPath: staticDirectory)
            .filter { $0.first?.isNumber == true && $0.hasSuffix(".js") }.sorted()
        #expect(chunks.count > 10, "no webpack chunks in \(staticDirectory)")

        let hostile = ["<script>", #"a"b"#, "end", "graph", "", "a;b", "%%{init}%%", "```", "日本語", "x-->y", "esc\u{1B}", "rtl\u{202E}"]
        let edge = MarkdownDiagramTests.edge
        let diagrams: [String: [ViolatingEdge]] = [
            "hostile": hostile.indices.map { edge(hostile[$0], hostile[($0 + 1) % hostile.count], ["rule <\(hostile[$0])>"], .error, 2, false) },
            "mixed": [
                edge("HomeFeature", "ProfileFeature", ["cross-feature-import", "undeclared-import"], .error, 3, false),
                edge("A", "B", ["module-cycle"], .error, 1, true), edge("B", "A", ["module-cycle"], .error, 1, true),
                edge("App", "Lottie", ["unused-dependency"], .note, 1, false),
                edge("Core", "UI", ["layer-violation"], .warning, 1, false),
            ],
            "cycle": (0..<8).map { edge("Core\($0)", "Core\(($0 + 1) % 8)", ["module-cycle"], .error, 1, true) },
            "capped": (0..<40).map { edge("Feature\($0)", "Feature\($0 / 2)", ["cross-feature-import"], $0 % 3 == 0 ? .error : .warning, 1, false) },
        ]
        var texts: [String: String] = [:]
        for (name, edges) in diagrams {
            let markdown = MarkdownReporter().generate(MarkdownDiagramTests.report(edges), options: ReportOptions())
            texts[name] = try #require(MarkdownDiagramTests.mermaidBlock(markdown, name: name)).joined(separator: "\n") + "\n"
        }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-mermaid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let textsJSON = String(decoding: try JSONEncoder().encode(texts), as: UTF8.self)
            .replacingOccurrences(of: "</", with: "<\\/")
        var page = "<!doctype html><meta charset=utf-8><body><pre id=out>pending</pre>\n"
        for chunk in chunks {
            page += "<script src=\"\(URL(fileURLWithPath: staticDirectory).appendingPathComponent(chunk).absoluteString)\"></script>\n"
        }
        page += "<script>const TEXTS = \(textsJSON);\n\(Self.runtime)</script>\n"
        let pageFile = directory.appendingPathComponent("page.html")
        try page.write(to: pageFile, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--allow-file-access-from-files",
            "--user-data-dir=\(directory.appendingPathComponent("profile").path)", "--virtual-time-budget=15000",
            "--dump-dom", pageFile.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let start = try #require(dom.range(of: "<pre id=\"out\">"))
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let results = dom[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        #expect(results.sorted() == texts.keys.sorted().map { "ok \($0)" }, "\(results)")
    }

    /// A minimal webpack runtime: registers every chunk's modules, finds mermaid's API (the module whose export
    /// has `parse` and `mermaidAPI`), and writes "ok NAME" or "error NAME: message" per text into `#out`.
    static let runtime = #"""
    const modules = {};
    for (const [, mods] of self.webpackChunkjupyterlab_mermaid_latest_extension || []) Object.assign(modules, mods);
    const cache = {};
    function req(id) {
      if (cache[id]) return cache[id].exports;
      const module = cache[id] = { id, loaded: false, exports: {} };
      modules[id].call(module.exports, module, module.exports, req);
      return module.exports;
    }
    req.m = modules; req.c = cache; req.g = globalThis; req.p = "";
    req.d = (e, defs) => { for (const k in defs) if (!Object.prototype.hasOwnProperty.call(e, k)) Object.defineProperty(e, k, { enumerable: true, get: defs[k] }); };
    req.r = e => { Object.defineProperty(e, "__esModule", { value: true }); Object.defineProperty(e, Symbol.toStringTag, { value: "Module" }); };
    req.n = m => { const g = m && m.__esModule ? () => m.default : () => m; req.d(g, { a: g }); return g; };
    req.o = (o, p) => Object.prototype.hasOwnProperty.call(o, p);
    req.e = () => Promise.resolve();
    req.nmd = m => { m.paths = []; if (!m.children) m.children = []; return m; };
    req.hmd = m => m;
    req.t = function (value, mode) { if (mode & 1) value = this(value); return value; };
    function api(exports) {
      const values = [exports, exports && exports.default];
      for (const d of Object.values(Object.getOwnPropertyDescriptors(exports || {}))) { try { values.push(d.get ? d.get() : d.value); } catch (e) {} }
      return values.find(c => c && typeof c.parse === "function" && c.mermaidAPI);
    }
    (async () => {
      const lines = [];
      try {
        let mermaid;
        for (const id of Object.keys(modules)) {
          if (!String(modules[id]).includes("mermaidAPI")) continue;
          try { mermaid = api(req(id)); } catch (e) {}
          if (mermaid) break;
        }
        mermaid.initialize({ startOnLoad: false });
        for (const [name, text] of Object.entries(TEXTS)) {
          try { await mermaid.parse(text); lines.push("ok " + name); }
          catch (err) { lines.push("error " + name + ": " + String(err && err.message || err).split("\n").join(" / ")); }
        }
      } catch (err) { lines.push("setup error: " + err); }
      document.getElementById("out").textContent = lines.join("\n");
    })();
    """#
}
