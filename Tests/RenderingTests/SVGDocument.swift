import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A graphviz SVG parsed as XML: its node and edge groups (`<g class="node …">`, `<g class="edge …">`) with
/// their `<title>`, text, stroke colours and tooltips.
struct SVGDocument {
    struct Element {
        var classes: Set<String>
        var title = ""
        var texts: [String] = []
        var strokes: [String] = []
        var strokeWidths: [String] = []
        var tooltips: [String] = []
    }

    var nodes: [Element] = []
    var edges: [Element] = []
    var rootID: String?

    enum ParseError: Error, CustomStringConvertible {
        case invalid(String)
        var description: String {
            switch self { case .invalid(let reason): "SVG is not well-formed XML: \(reason)" }
        }
    }

    init(_ svg: String) throws {
        let delegate = Delegate()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = delegate
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else {
            throw ParseError.invalid(parser.parserError.map { "\($0)" } ?? "unknown error")
        }
        nodes = delegate.elements.filter { $0.classes.contains("node") }
        edges = delegate.elements.filter { $0.classes.contains("edge") }
        rootID = delegate.rootID
    }

    func node(titled title: String) -> Element? { nodes.first { $0.title == title } }
    func edge(from: String, to: String) -> Element? { edges.first { $0.title == "\(from)->\(to)" } }
    /// Nodes without the legend.
    var graphNodes: [Element] { nodes.filter { !$0.classes.contains("legend") } }

    private final class Delegate: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var rootID: String?
        private var current: Element?
        private var depthInCurrent = 0
        private var textBuffer: String?
        private var inTitle = false

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            if name == "g", rootID == nil, attributes["class"] == "graph" { rootID = attributes["id"] }
            if current != nil { depthInCurrent += 1 }
            if name == "g", current == nil, let classes = attributes["class"]?.split(separator: " ").map(String.init),
               classes.contains("node") || classes.contains("edge") {
                current = Element(classes: Set(classes))
                depthInCurrent = 0
                return
            }
            guard current != nil else { return }
            if let stroke = attributes["stroke"], stroke != "transparent", stroke != "none" { current!.strokes.append(stroke) }
            if let width = attributes["stroke-width"] { current!.strokeWidths.append(width) }
            if let tooltip = attributes["xlink:title"] { current!.tooltips.append(tooltip) }
            if name == "title" { inTitle = true; textBuffer = "" }
            if name == "text" { textBuffer = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            textBuffer? += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard current != nil else { return }
            if name == "title", inTitle {
                current!.title = textBuffer ?? ""
                inTitle = false
                textBuffer = nil
            } else if name == "text" {
                current!.texts.append(textBuffer ?? "")
                textBuffer = nil
            }
            if depthInCurrent == 0 {
                elements.append(current!)
                current = nil
            } else {
                depthInCurrent -= 1
            }
        }
    }
}
