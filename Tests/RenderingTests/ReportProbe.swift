import Foundation
import Testing

@testable import Rendering

/// Opens a written report in real headless Chromium at 1400×900 and reads back what a person would see: each
/// graph panel's box and label sizes as opened, then what zoom, search, the violations filter and the links do
/// to the DOM. The page keeps its own Content-Security-Policy; only the probe script's hash is added to it, so
/// the report's script and stylesheet must pass their own hashes.
struct ReportProbe {
    struct Panel: Decodable {
        var id: String
        var hasSVG: Bool
        var empty: Bool?
        var failed: Bool?
        var left: Double?
        var right: Double?
        var width: Double?
        var naturalWidth: Double?
        var labelCount: Int?
        var minLabel: Double?
        var level: String?
        var toolbarDisplay: String?
        var zoomedWidth: Double?
        var zoomedLevel: String?
        var refitWidth: Double?
        var wheelGrew: Bool?
        var keyZoomed: Bool?
        var panned: Double?
        var searchTerm: String?
        var searchedNodeHighlighted: Bool?
        var searching: Bool?
        var highlightedNodes: Int?
        var highlightedEdges: Int?
        var expectedEdges: Int?
        var dimmedOpacity: String?
        var clearedSearching: Bool?
        var violationsOnly: Bool?
        var hiddenByFilter: Int?
        var violatingEdges: Int?
    }

    struct Result: Decodable {
        var viewportWidth: Double
        var documentWidth: Double
        var scriptRan: Bool
        var panels: [Panel]
        var linkTargets: String?
        var targeted: Int?
        var flashedRow: String?
        var redEdgeRow: String?
    }

    static let script = #"""
    window.addEventListener("load", function () {
      // Closed panels (feature focus pictures) are measured open, as a person sees them after a click.
      document.querySelectorAll("details").forEach(function (details) { details.open = true; });
      setTimeout(function () {
      var out = { viewportWidth: document.documentElement.clientWidth, documentWidth: document.documentElement.scrollWidth,
        scriptRan: document.documentElement.classList.contains("js"), panels: [] };
      document.querySelectorAll("section.graph").forEach(function (section) {
        var svg = section.querySelector(".viewport svg");
        var r = { id: section.id, hasSVG: !!svg };
        if (!svg) {
          r.empty = !!section.querySelector(".empty-state"); r.failed = !!section.querySelector(".render-failed");
          out.panels.push(r); return;
        }
        var box = svg.getBoundingClientRect();
        r.left = box.left; r.right = box.right; r.width = box.width;
        r.naturalWidth = parseFloat(svg.getAttribute("width")) * 4 / 3;
        // Node labels: the texts of the graph's own nodes (not the legend's), non-blank.
        var texts = Array.prototype.filter.call(svg.querySelectorAll('g.node[id*="__n__"] text'), function (t) { return t.textContent.trim() !== ""; });
        var heights = texts.map(function (t) { return t.getBoundingClientRect().height; });
        r.labelCount = svg.querySelectorAll('g.node[id*="__n__"]').length;
        r.minLabel = heights.length ? Math.min.apply(null, heights) : null;
        var level = section.querySelector(".zoom-level");
        r.level = level.textContent;
        r.toolbarDisplay = getComputedStyle(section.querySelector(".toolbar")).display;
        section.querySelector('button[data-zoom="in"]').click();
        r.zoomedWidth = svg.getBoundingClientRect().width; r.zoomedLevel = level.textContent;
        // Wheel up zooms in; a drag pans the box.
        var before = svg.getBoundingClientRect().width;
        var viewport = section.querySelector(".viewport");
        var vbox = viewport.getBoundingClientRect();
        viewport.dispatchEvent(new WheelEvent("wheel", { deltaY: -300, clientX: vbox.left + 10, clientY: vbox.top + 10, bubbles: true, cancelable: true }));
        r.wheelGrew = svg.getBoundingClientRect().width > before * 1.2;
        section.querySelector('button[data-zoom="in"]').click();
        if (viewport.scrollWidth > viewport.clientWidth + 150) {
          var startLeft = viewport.scrollLeft = 0;
          var x = vbox.left + vbox.width / 2, y = vbox.top + 10;
          viewport.dispatchEvent(new PointerEvent("pointerdown", { button: 0, clientX: x, clientY: y, pointerId: 7, bubbles: true }));
          viewport.dispatchEvent(new PointerEvent("pointermove", { clientX: x - 120, clientY: y, pointerId: 7, bubbles: true }));
          viewport.dispatchEvent(new PointerEvent("pointerup", { clientX: x - 120, clientY: y, pointerId: 7, bubbles: true }));
          r.panned = viewport.scrollLeft - startLeft;
        }
        section.querySelector('button[data-zoom="fit"]').click();
        r.refitWidth = svg.getBoundingClientRect().width;
        viewport.dispatchEvent(new KeyboardEvent("keydown", { key: "+", bubbles: true, cancelable: true }));
        r.keyZoomed = level.textContent !== r.level;
        viewport.dispatchEvent(new KeyboardEvent("keydown", { key: "0", bubbles: true, cancelable: true }));

        var node = svg.querySelector('g.node[id*="__n__"]');
        if (node) {
          var key = node.id.split("__")[2];
          var input = section.querySelector(".graph-search");
          r.searchTerm = node.querySelector("title").textContent;
          input.value = r.searchTerm; input.dispatchEvent(new Event("input", { bubbles: true }));
          r.searchedNodeHighlighted = node.classList.contains("hl");
          r.searching = section.classList.contains("searching");
          var keys = new Set(Array.prototype.map.call(svg.querySelectorAll("g.node.hl"), function (n) { return n.id.split("__")[2]; }));
          r.highlightedNodes = keys.size;
          r.highlightedEdges = svg.querySelectorAll("g.edge.hl").length;
          r.expectedEdges = Array.prototype.filter.call(svg.querySelectorAll('g.edge[id*="__e__"]'), function (e) {
            var p = e.id.split("__"); return keys.has(p[2]) || keys.has(p[3]); }).length;
          var other = svg.querySelector('g.node[id*="__n__"]:not(.hl)');
          r.dimmedOpacity = other ? getComputedStyle(other).opacity : null;
          input.value = ""; input.dispatchEvent(new Event("input", { bubbles: true }));
          r.clearedSearching = section.classList.contains("searching");
        }
        var filter = section.querySelector(".violations-only");
        filter.click();
        r.violationsOnly = section.classList.contains("violations-only");
        r.hiddenByFilter = Array.prototype.filter.call(svg.querySelectorAll("g.node, g.edge"), function (e) {
          return parseFloat(getComputedStyle(e).opacity) < 0.1; }).length;
        r.violatingEdges = svg.querySelectorAll("g.edge.violation").length;
        filter.click();
        out.panels.push(r);
      });
      // Later, as a person clicks after panning (the click that ends a drag is ignored).
      setTimeout(function () {
      var link = document.querySelector("a.to-graph");
      if (link) {
        link.click();
        out.linkTargets = link.getAttribute("data-targets");
        out.targeted = document.querySelectorAll("g.target").length;
      }
      // The first red edge with a finding row (the layer overview's aggregate edges have none).
      var red = Array.prototype.find.call(document.querySelectorAll("section.graph g.edge.violation"), function (edge) {
        return edge.id && document.querySelector('tr[data-targets~="' + edge.id + '"]'); });
      if (red) {
        var row = document.querySelector('tr[data-targets~="' + red.id + '"]');
        out.redEdgeRow = row ? row.id : null;
        red.querySelector("path").dispatchEvent(new MouseEvent("click", { bubbles: true }));
        var flashed = document.querySelector("tr.flash");
        out.flashedRow = flashed ? flashed.id : null;
      }
      var pre = document.createElement("pre");
      pre.id = "test-results";
      pre.textContent = JSON.stringify(out);
      document.body.appendChild(pre);
      }, 0);
    }, 50); });
    """#

    /// Runs the probe on `directory/index.html` (a copy with the probe added: `probe.html`).
    static func run(reportDirectory directory: URL) throws -> (result: Result, errors: String) {
        guard let chromium = ChromiumReportTests.chromium else {
            throw ProbeError.message("headless Chromium not found at \(ChromiumReportTests.candidates.joined(separator: ", "))")
        }
        var html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        let ownScript = ReportPolicy.hash(ReportScript.source)
        guard html.contains("script-src \(ownScript)") else { throw ProbeError.message("the page's policy has no hash of its script") }
        html = html.replacingOccurrences(of: "script-src \(ownScript)", with: "script-src \(ownScript) \(ReportPolicy.hash(script))")
        html = html.replacingOccurrences(of: "</body>", with: "<script>\(script)</script>\n</body>")
        let probe = directory.appendingPathComponent("probe.html")
        try Data(html.utf8).write(to: probe)
        let profile = directory.appendingPathComponent("profile-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let run = try ChromiumReportTests.run(
            chromium, ["--dump-dom", "--window-size=1400,900", "--enable-logging=stderr", "--v=0", probe.absoluteString],
            profile: profile)
        guard run.status == 0 else { throw ProbeError.message("chromium failed (\(run.status)): \(run.errors.suffix(2_000))") }
        guard let start = run.output.range(of: "<pre id=\"test-results\">"),
              let end = run.output.range(of: "</pre>", range: start.upperBound..<run.output.endIndex)
        else { throw ProbeError.message("no probe results in the DOM; chromium said: \(run.errors.suffix(2_000))") }
        let json = String(run.output[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return (try JSONDecoder().decode(Result.self, from: Data(json.utf8)), run.errors)
    }

    /// A full-width screenshot of the report (for a person to look at), at 1400 px wide.
    static func screenshot(reportDirectory directory: URL, to png: URL, height: Int = 2_400) throws {
        guard let chromium = ChromiumReportTests.chromium else { throw ProbeError.message("headless Chromium not found") }
        try? FileManager.default.removeItem(at: png)
        let profile = directory.appendingPathComponent("profile-shot-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let run = try ChromiumReportTests.run(
            chromium,
            ["--screenshot=\(png.path)", "--window-size=1400,\(height)", "--hide-scrollbars",
             directory.appendingPathComponent("index.html").absoluteString],
            profile: profile)
        guard run.status == 0 else { throw ProbeError.message("chromium --screenshot failed: \(run.errors.suffix(2_000))") }
    }

    enum ProbeError: Error, CustomStringConvertible {
        case message(String)
        var description: String { if case .message(let text) = self { text } else { "" } }
    }

    /// What every report must satisfy as a person opens it. `labels`: check label height (≥ 10 px).
    static func expectReadable(_ result: Result, errors: String, name: String, labels: Bool = true,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.scriptRan, "\(name): the report's script did not run (CSP hash?)", sourceLocation: sourceLocation)
        #expect(!errors.contains("Content Security Policy"), "\(name): \(errors.split(separator: "\n").filter { $0.contains("Content Security Policy") }.prefix(3))", sourceLocation: sourceLocation)
        #expect(result.documentWidth <= result.viewportWidth + 1, "\(name): the page scrolls sideways (\(result.documentWidth) > \(result.viewportWidth))", sourceLocation: sourceLocation)
        #expect(!result.panels.isEmpty, "\(name): no graph panel", sourceLocation: sourceLocation)
        for panel in result.panels {
            let label = "\(name) #\(panel.id)"
            guard panel.hasSVG else {
                #expect(panel.empty == true || panel.failed == true, "\(label): neither a picture nor a message", sourceLocation: sourceLocation)
                continue
            }
            #expect(panel.toolbarDisplay == "flex", "\(label): toolbar \(panel.toolbarDisplay ?? "-") (stylesheet hash?)", sourceLocation: sourceLocation)
            let left = panel.left ?? -1, right = panel.right ?? .infinity, width = panel.width ?? 0
            #expect(left >= 0 && right <= result.viewportWidth + 0.5, "\(label): the graph [\(left), \(right)] does not fit the viewport width \(result.viewportWidth)", sourceLocation: sourceLocation)
            #expect(width <= (panel.naturalWidth ?? 0) + 0.5, "\(label): fitted above 1:1 (\(width) > \(panel.naturalWidth ?? 0))", sourceLocation: sourceLocation)
            if labels, let minLabel = panel.minLabel {
                #expect(minLabel >= 10, "\(label): labels are \(minLabel) px high at the opening scale (\(panel.level ?? "?")), under 10 px", sourceLocation: sourceLocation)
            }
            #expect((panel.zoomedWidth ?? 0) > width * 1.2, "\(label): zoom in did not grow the graph (\(width) → \(panel.zoomedWidth ?? 0))", sourceLocation: sourceLocation)
            #expect(panel.zoomedLevel != panel.level, "\(label): the zoom level shown did not change", sourceLocation: sourceLocation)
            #expect(panel.keyZoomed == true, "\(label): the + key did not zoom", sourceLocation: sourceLocation)
            #expect(panel.wheelGrew == true, "\(label): the wheel did not zoom in", sourceLocation: sourceLocation)
            if let panned = panel.panned {
                #expect(abs(panned - 120) < 2, "\(label): a 120 px drag panned \(panned) px", sourceLocation: sourceLocation)
            }
            // Within a scrollbar's width: zooming in may have given the page a scrollbar.
            #expect(abs((panel.refitWidth ?? 0) - width) <= 20, "\(label): Fit did not return to the opening width (\(width) → \(panel.refitWidth ?? 0))", sourceLocation: sourceLocation)
            if panel.searchTerm != nil {
                #expect(panel.searchedNodeHighlighted == true && panel.searching == true, "\(label): search for \(panel.searchTerm ?? "") highlighted nothing", sourceLocation: sourceLocation)
                #expect(panel.highlightedEdges == panel.expectedEdges, "\(label): search highlighted \(panel.highlightedEdges ?? -1) edges, expected \(panel.expectedEdges ?? -1)", sourceLocation: sourceLocation)
                if let dimmed = panel.dimmedOpacity { #expect(Double(dimmed) ?? 1 < 0.5, "\(label): the rest is not dimmed (\(dimmed))", sourceLocation: sourceLocation) }
                #expect(panel.clearedSearching == false, "\(label): clearing the search left the graph dimmed", sourceLocation: sourceLocation)
            }
            #expect(panel.violationsOnly == true, "\(label): violations-only filter did nothing", sourceLocation: sourceLocation)
        }
    }
}
