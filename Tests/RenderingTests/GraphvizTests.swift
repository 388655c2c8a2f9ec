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
