import Foundation
import Testing

@testable import Rendering

@Suite struct GraphvizTests {
    let simple = "digraph G { a -> b; b -> c; }"

    @Test func rendersSVGInProcess() throws {
        let svg = try Graphviz.renderString(dot: simple, format: .svg)
        let document = try SVGDocument(svg)
        #expect(Set(document.nodes.map(\.title)) == ["a", "b", "c"])
        #expect(document.edges.map(\.title).sorted() == ["a->b", "b->c"])
    }

    @Test func rendersPNG() throws {
        let png = try Graphviz.render(dot: simple, format: .png)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// A row of 120 nodes is about 9,000 px wide at 96 dpi: the PNG is scaled to 4,000 px, the SVG keeps its size.
    @Test func pngIsScaledDownToFourThousandPixels() throws {
        let row = "digraph G { root -> {" + (1...120).map { "n\($0)" }.joined(separator: " ") + "} }"
        let png = try ScaledGraphTests.pngSize(Graphviz.render(dot: row, format: .png))
        #expect(png.width <= 4_000 && png.width > 3_900, "\(png)")
        let svg = try ScaledGraphTests.svgSize(Graphviz.renderString(dot: row, format: .svg))
        #expect(svg.width > 5_000, "\(svg)")
        // A small graph is not scaled up.
        let small = try ScaledGraphTests.pngSize(Graphviz.render(dot: simple, format: .png))
        #expect(max(small.width, small.height) < 400, "\(small)")
    }

    /// A picture wider than 4:1 is drawn again, stretched to 4:1 (graphviz `ratio`); one within 4:1 is left alone.
    @Test func picturesBeyondFourToOneAreStretchedBack() throws {
        let row = "digraph G { root -> {" + (1...120).map { "n\($0)" }.joined(separator: " ") + "} }"
        let png = try ScaledGraphTests.pngSize(try #require(GraphRenderer.inProcess.render(dot: row, format: .png).bytes))
        #expect(ScaledGraphTests.aspect(png) <= 4 && png.width > 3_900, "\(png)")
        let svgBytes = try #require(GraphRenderer.inProcess.render(dot: row, format: .svg).bytes)
        let svg = try ScaledGraphTests.svgSize(String(decoding: svgBytes, as: UTF8.self))
        #expect(svg.width / svg.height <= 4 && svg.width > 5_000, "\(svg)")
        let small = try #require(GraphRenderer.inProcess.render(dot: simple, format: .svg).bytes)
        #expect(small == (try Graphviz.render(dot: simple, format: .svg)))
    }

    @Test func rendersPDF() throws {
        let pdf = try Graphviz.render(dot: simple, format: .pdf)
        #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
        #expect(pdf.count > 500)
    }

    @Test func sfdpLayoutRendersEveryNode() throws {
        let svg = try Graphviz.renderString(dot: simple, format: .svg, layout: .sfdp)
        #expect(try SVGDocument(svg).nodes.count == 3)
    }

    @Test func syntaxErrorCarriesGraphvizMessage() {
        let error = #expect(throws: GraphvizError.self) { try Graphviz.render(dot: "digraph { a -> ; }") }
        #expect(error?.stage == .parse)
        #expect(error?.message.contains("syntax error") == true, "\(String(describing: error))")
        #expect(error?.missingPlugin == false)
    }

    @Test func emptyAndSingleNodeGraphsRender() throws {
        #expect(try SVGDocument(Graphviz.renderString(dot: "digraph {}")).nodes.isEmpty)
        #expect(try SVGDocument(Graphviz.renderString(dot: "digraph { \"only\" }")).nodes.map(\.title) == ["only"])
        for format in GraphvizFormat.allCases {
            #expect(try Graphviz.render(dot: "digraph {}", format: format).count > 0)
        }
    }

    @Test func concurrentRendersAreSerialisedAndIdentical() async throws {
        let dot = simple
        let outputs = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for index in 0..<8 {
                group.addTask { try Graphviz.render(dot: dot, format: index.isMultiple(of: 2) ? .svg : .png) }
            }
            return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
        }
        let svgs = Set(outputs.filter { $0.first == UInt8(ascii: "<") })
        let pngs = Set(outputs.filter { $0.first == 0x89 })
        #expect(svgs.count == 1)
        #expect(pngs.count == 1)
    }

    @Test func pluginsProvideEveryAdvertisedFormatAndLayout() {
        let formats = Set(Graphviz.availableFormats().map { $0.split(separator: ":").first.map(String.init) ?? $0 })
        for format in GraphvizFormat.allCases { #expect(formats.contains(format.rawValue), "missing \(format)") }
        let layouts = Set(Graphviz.availableLayouts())
        for layout in GraphvizLayout.allCases { #expect(layouts.contains(layout.rawValue), "missing \(layout)") }
    }
}
