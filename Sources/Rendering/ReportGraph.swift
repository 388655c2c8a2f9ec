import ArchlintModel

/// One picture panel of the HTML report, in the order the page shows them: the module graph and one component
/// graph per Needle app scope (`HTMLReportWriter.standardGraphs`), plus the caller's own panels (an overview
/// first, focus pictures after). Each needs its own `graphID`: its element ids (`GraphElementID`) are what
/// `targets` and the page's links use. A focus panel's anchor is `focus-NAME`.
public struct ReportGraph: Sendable {
    /// What the panel shows.
    public enum Picture: Sendable {
        /// Graphviz SVG (embedded inline; XML declaration, DOCTYPE and comments dropped).
        case svg(String)
        /// No picture could be drawn: the message says what failed and how to get one.
        case failed(String)
        /// There is nothing to draw (no Needle components): the message says so, no empty box is shown.
        case empty(String)
    }

    /// The panel's HTML id (`#modules-graph`): letters, digits, `-` and `_` only (anything else becomes `_`).
    public var anchor: String
    /// The heading ("Module graph", "Components: app Sample/TicTacToe").
    public var title: String
    public var picture: Picture
    /// The SVG's file name in the report directory (written next to `index.html`, linked from the panel); nil:
    /// inline only.
    public var file: String?
    /// Captions under the heading: what the defaults hid, which fallback drew the picture.
    public var notes: [String]
    /// The DOT graph id the picture was drawn with (`DotOptions.graphID`): element ids of its nodes and edges are
    /// `GraphElementID.node/edge(graphID:…)`.
    public var graphID: String
    /// For each diagnostic drawn in this picture, the nodes and edges it is about (`DiagnosticTargets`): the
    /// diagnostics table links to them, and a click on a red edge scrolls to its row.
    public var targets: [Diagnostic: GraphTargets]
    /// Shown closed under "Features" (a feature's focus picture): opened by a click on its summary or by a link
    /// to its anchor (the overview's nodes).
    public var collapsed = false

    public init(
        anchor: String, title: String, picture: Picture, file: String? = nil, notes: [String] = [], graphID: String,
        targets: [Diagnostic: GraphTargets] = [:]
    ) {
        self.anchor = Self.sanitizedAnchor(anchor)
        self.title = title
        self.picture = picture
        self.file = file
        self.notes = notes
        self.graphID = graphID
        self.targets = targets
    }

    /// A panel from a render: its SVG (with the fallback note, if any), or the failure message.
    /// `kind` is the `archlint graph --kind` value the failure message suggests.
    public init(
        rendered: RenderedGraph, anchor: String, title: String, kind: String, file: String?, notes: [String] = [],
        graphID: String, targets: [Diagnostic: GraphTargets] = [:]
    ) {
        let picture: Picture
        var notes = notes
        if let bytes = rendered.bytes {
            picture = .svg(String(decoding: bytes, as: UTF8.self))
            if let note = rendered.note { notes.append("This picture was \(note).") }
        } else {
            picture = .failed(GraphPanel.failureMessage(rendered, kind: kind))
        }
        self.init(
            anchor: anchor, title: title, picture: picture, file: file, notes: notes, graphID: graphID, targets: targets)
    }

    /// The SVG text, when there is a picture.
    public var svg: String? {
        if case .svg(let text) = picture { return text }
        return nil
    }

    /// A line for stderr when the panel isn't a normal picture (failed, or drawn by a fallback).
    public var notice: String? {
        switch picture {
        case .failed(let message): "\(title): \(message)"
        case .empty: nil
        case .svg: notes.first { $0.hasPrefix("This picture was") }.map { "\(title): \($0)" }
        }
    }

    static func sanitizedAnchor(_ text: String) -> String {
        let kept = text.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": Character(scalar)
            default: "_"
            }
        }
        return kept.isEmpty ? "graph" : String(kept)
    }
}

/// One graph of the report as the first reports drew it (module and component graph); kept for callers of
/// `HTMLReportWriter.write(report:modules:components:…)` and for `failureMessage`.
public struct GraphPanel: Sendable {
    /// Nil when no attempt could draw the graph.
    public var svg: String?
    /// Which fallback drew the graph, or what failed and how to get the picture.
    public var caption: String?

    public init(svg: String?, caption: String? = nil) {
        self.svg = svg
        self.caption = caption
    }

    /// `kind` is the `archlint graph --kind` value, `name` what the reader calls it ("module graph").
    init(_ rendered: RenderedGraph, kind: String, name: String) {
        if let bytes = rendered.bytes {
            self.init(svg: String(decoding: bytes, as: UTF8.self), caption: rendered.note.map { "The \(name) was \($0)." })
        } else {
            self.init(svg: nil, caption: Self.failureMessage(rendered, kind: kind))
        }
    }

    /// What failed and how to get a picture anyway.
    public static func failureMessage(_ rendered: RenderedGraph, kind: String) -> String {
        let name = switch kind {
        case "modules": "module graph"
        case "components": "component graph"
        default: "\(kind) graph"
        }
        // No Graphviz: the summary already says how to install it; a smaller graph wouldn't help.
        if let unavailable = rendered.unavailable { return "The \(name) could not be drawn: \(unavailable)" }
        var message = "The \(name) could not be drawn: \(rendered.failureSummary)."
        message += " To get a picture, draw a smaller graph with `archlint graph --kind \(kind) --format svg"
        message += kind == "modules" ? " --hide-external --hide-tests` (or `--focus NAME`, `--reduce`)" : " --focus NAME`"
        message += ", or write `--format dot` and render it with another tool."
        return message
    }

    /// The panel as a `ReportGraph`.
    func reportGraph(anchor: String, title: String, file: String, graphID: String) -> ReportGraph {
        let picture: ReportGraph.Picture
        if let svg {
            picture = .svg(svg)
        } else {
            picture = .failed(caption ?? "The graph could not be drawn.")
        }
        return ReportGraph(
            anchor: anchor, title: title, picture: picture, file: file,
            notes: svg != nil ? caption.map { [$0] } ?? [] : [], graphID: graphID)
    }
}
