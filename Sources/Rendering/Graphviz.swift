import CGraphviz
import ArchlintModel
import Foundation

/// Output formats archlint renders through libgvc.
public enum GraphvizFormat: String, CaseIterable, Sendable {
    /// Core plugin: always present.
    case svg
    /// Cairo (pango plugin) or gd.
    case png
    /// Cairo (pango plugin).
    case pdf
}

/// Layout engines. `sfdp` (neato_layout plugin) scales to very large graphs where `dot` gets slow.
public enum GraphvizLayout: String, CaseIterable, Sendable, Codable {
    case dot, sfdp
}

/// How edges are drawn (graphviz's `splines` graph attribute), overriding what the DOT text says.
public enum GraphvizSplines: String, CaseIterable, Sendable, Codable {
    /// Curved splines routed around nodes (dot's default).
    case spline
    /// Straight segments routed around nodes (the same router as `spline`).
    case polyline
    /// Straight lines from node to node: no routing, so nothing to fail.
    case line
}

/// What one layout and render produced.
public struct GraphvizDrawing: Sendable {
    public var bytes: [UInt8]
    /// Edges graphviz left out because it could not route them (it still reports success).
    public var undrawnEdges: Int
    /// What graphviz said (warnings and errors), trimmed; empty when nothing.
    public var messages: String
    /// Rank arrays repaired after dot's layout (graphviz 2.42's double free; see `archlint_repair_rank_arrays`).
    var repairedRanks = 0
}

/// A Graphviz failure, carrying graphviz's own message.
public struct GraphvizError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Stage: String, Sendable {
        case context, parse, layout, render
    }

    public var stage: Stage
    /// What graphviz said (its error/warning lines), or a description when it said nothing.
    public var message: String
    /// True when graphviz does not know the format or layout: usually a missing plugin configuration.
    public var missingPlugin: Bool

    public init(stage: Stage, message: String, missingPlugin: Bool = false) {
        self.stage = stage
        self.message = message
        self.missingPlugin = missingPlugin
    }

    public var description: String {
        var text = "graphviz \(stage.rawValue) failed: \(message)"
        if missingPlugin {
            text += "\nGraphviz's plugin configuration is missing or incomplete (common on slim installs)."
            text += " Fix: run `dot -c` as root (on Debian/Ubuntu without the graphviz package:"
            text += " `libgvc6-config-update -c`, or `apt-get install --reinstall libgvc6`)."
        }
        return text
    }
}

/// In-process Graphviz (libgvc + cgraph). Never spawns `dot`.
///
/// Graphviz keeps global state (error handler, symbol tables, plugin loading) and is not thread-safe, so every
/// cgraph/gvc call goes through one process-wide lock. Each render owns its context and graph and frees
/// them all (`gvFreeRenderData`, `gvFreeLayout`, `agclose`, `gvFreeContext`) before returning.
///
/// A crash inside graphviz takes this process with it: the CLI draws through `GraphRenderer` in a child
/// process instead (see `GraphvizChild`).
public enum Graphviz {
    /// Renders DOT text with the given layout engine and returns the output bytes.
    public static func render(
        dot: String, format: GraphvizFormat = .svg, layout: GraphvizLayout = .dot
    ) throws(GraphvizError) -> [UInt8] {
        try draw(dot: dot, format: format, layout: layout).bytes
    }

    /// The stack graphviz runs on (only the pages it touches are committed).
    static let graphvizStackBytes = 256 << 20

    /// Renders DOT text, optionally overriding its `splines`, and says how many edges graphviz left out.
    /// PDF output is made reproducible (see `PDFDates`).
    public static func draw(
        dot: String, format: GraphvizFormat = .svg, layout: GraphvizLayout = .dot, splines: GraphvizSplines? = nil
    ) throws(GraphvizError) -> GraphvizDrawing {
        // dot's layout recurses as deep as the graph is (clusters, ranks): on a worker thread's small stack it
        // overflows, so graphviz always runs on a thread of its own with a large stack.
        let outcome: Result<GraphvizDrawing, GraphvizError> = onThread(stackBytes: graphvizStackBytes) {
            do throws(GraphvizError) {
                return .success(try GraphvizSession.run { session throws(GraphvizError) in
                    try session.render(dot: dot, format: format.rawValue, layout: layout.rawValue, splines: splines?.rawValue)
                })
            } catch {
                return .failure(error)
            }
        }
        var drawing = try outcome.get()
        if format == .pdf { drawing.bytes = PDFDates.normalize(drawing.bytes) }
        return drawing
    }


    /// Same as `render`, decoded as UTF-8 (for svg).
    public static func renderString(
        dot: String, format: GraphvizFormat = .svg, layout: GraphvizLayout = .dot
    ) throws(GraphvizError) -> String {
        String(decoding: try render(dot: dot, format: format, layout: layout), as: UTF8.self)
    }

    /// The output formats the installed plugins provide (`svg:core`, `png:cairo`, …), for diagnostics.
    public static func availableFormats() -> [String] {
        (try? GraphvizSession.run { session in session.pluginList(kind: "device") }) ?? []
    }

    /// The layout engines the installed plugins provide.
    public static func availableLayouts() -> [String] {
        (try? GraphvizSession.run { session in session.pluginList(kind: "layout") }) ?? []
    }
}

/// One locked use of libgvc: a fresh context, graphviz's messages captured, everything freed at the end.
struct GraphvizSession {
    private static let lock = NSLock()
    /// Messages graphviz reported through `agseterrf` during the current session (guarded by `lock`).
    nonisolated(unsafe) fileprivate static var messages = ""

    private let context: OpaquePointer

    static func run<T>(_ body: (GraphvizSession) throws(GraphvizError) -> T) throws(GraphvizError) -> T {
        lock.lock()
        defer { lock.unlock() }
        messages = ""
        let previousHandler = agseterrf(graphvizMessageHandler)
        let previousLevel = agseterr(AGWARN)
        defer {
            agseterr(previousLevel)
            agseterrf(previousHandler)
            messages = ""
        }
        _ = agreseterrors()
        guard let context = gvContext() else {
            throw GraphvizError(stage: .context, message: takeMessages() ?? "gvContext() returned NULL")
        }
        defer { gvFreeContext(context) }
        return try body(GraphvizSession(context: context))
    }

    /// What graphviz said since the last call, trimmed; nil when nothing.
    fileprivate static func takeMessages() -> String? {
        let text = messages.trimmingCharacters(in: .whitespacesAndNewlines)
        messages = ""
        return text.isEmpty ? nil : text
    }

    func render(dot: String, format: String, layout: String, splines: String?) throws(GraphvizError) -> GraphvizDrawing {
        guard let graph = SequentialIDs.read(dot) else {
            throw GraphvizError(stage: .parse, message: Self.takeMessages() ?? "could not parse the DOT text")
        }
        defer { agclose(graph) }
        if let splines { setGraphAttribute(graph, "splines", splines) }
        guard gvLayout(context, graph, layout) == 0 else {
            let message = Self.takeMessages() ?? "layout \"\(layout)\" failed"
            throw GraphvizError(stage: .layout, message: message, missingPlugin: Self.isMissingPlugin(message))
        }
        // graphviz 2.42's dot leaves a dangling rank array after laying out a labelled flat edge, and
        // gvFreeLayout would free it twice (the reported "double free detected in tcache 2" abort; see the shim).
        let repaired = layout == GraphvizLayout.dot.rawValue ? Int(archlint_repair_rank_arrays(graph)) : 0
        defer { gvFreeLayout(context, graph) }
        let undrawn = Int(archlint_undrawn_edges(graph))
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        let status = gvRenderData(context, graph, format, &buffer, &length)
        defer { if let buffer { gvFreeRenderData(buffer) } }
        guard status == 0, let buffer else {
            let message = Self.takeMessages() ?? "rendering \"\(format)\" failed"
            throw GraphvizError(stage: .render, message: message, missingPlugin: Self.isMissingPlugin(message))
        }
        let bytes = buffer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { bytes in
            Array(UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        return GraphvizDrawing(bytes: bytes, undrawnEdges: undrawn, messages: Self.takeMessages() ?? "", repairedRanks: repaired)
    }

    /// graphviz 2.4x says `Layout type: "dot" not recognized. Use one of:` / `renderer for svg is unavailable`;
    /// newer versions `Format: "svg" not recognized`.
    private static func isMissingPlugin(_ message: String) -> Bool {
        message.contains("not recognized") || message.contains("is unavailable")
    }

    func pluginList(kind: String) -> [String] {
        var count: Int32 = 0
        guard let list = gvPluginList(context, kind, &count, nil) else { return [] }
        var names: [String] = []
        for index in 0..<Int(count) {
            if let name = list[index] {
                names.append(String(cString: name))
                free(name)
            }
        }
        free(list)
        return names
    }
}

/// Sets a graph attribute (declaring it with an empty default when the DOT text didn't).
private func setGraphAttribute(_ graph: UnsafeMutablePointer<Agraph_t>, _ name: String, _ value: String) {
    name.withCString { name in
        value.withCString { value in
            "".withCString { empty in
                _ = agsafeset(graph, UnsafeMutablePointer(mutating: name), UnsafeMutablePointer(mutating: value),
                              UnsafeMutablePointer(mutating: empty))
            }
        }
    }
}

/// `agseterrf` callback: graphviz passes its message in pieces ("Error", ": ", text).
private func graphvizMessageHandler(_ text: UnsafeMutablePointer<CChar>?) -> Int32 {
    if let text { GraphvizSession.messages += String(cString: text) }
    return 0
}

/// Reads DOT with an ID discipline that numbers every object in creation order.
///
/// cgraph's default discipline uses the address of the interned name string as a named object's ID, and
/// subgraphs (clusters) are stored and emitted in ID order, so cluster order in the output would follow memory
/// addresses and change from run to run. Here the discipline refuses to map names, so cgraph keeps names in
/// its internal map and asks for anonymous IDs, which this discipline hands out sequentially: output order
/// follows the DOT text, and the same DOT gives byte-identical output.
enum SequentialIDs {
    /// Guarded by `GraphvizSession`'s lock; restarted for every graph.
    nonisolated(unsafe) fileprivate static var nextID: IDTYPE = 1

    nonisolated(unsafe) private static let discipline: UnsafeMutablePointer<Agdisc_t> = {
        let ids = UnsafeMutablePointer<Agiddisc_t>.allocate(capacity: 1)
        ids.initialize(to: Agiddisc_t(
            open: { graph, _ in UnsafeMutableRawPointer(graph) },
            map: { _, _, name, id, _ in
                guard name == nil, let id else { return 0 }  // names: cgraph's internal map, anonymous ID
                id.pointee = SequentialIDs.nextID
                SequentialIDs.nextID += 2  // odd, like cgraph's own anonymous IDs
                return 1
            },
            alloc: { _, _, _ in 0 },
            free: { _, _, _ in },
            print: { _, _, _ in nil },
            close: { _ in },
            idregister: { _, _, _ in }))
        let discipline = UnsafeMutablePointer<Agdisc_t>.allocate(capacity: 1)
        discipline.initialize(to: archlint_discipline(ids))
        return discipline
    }()

    static func read(_ dot: String) -> UnsafeMutablePointer<Agraph_t>? {
        nextID = 1
        var bytes = Array(dot.utf8)
        guard !bytes.isEmpty else { return nil }
        return bytes.withUnsafeMutableBytes { buffer -> UnsafeMutablePointer<Agraph_t>? in
            guard let file = fmemopen(buffer.baseAddress, buffer.count, "r") else { return nil }
            defer { fclose(file) }
            agreadline(1)
            return agread(file, discipline)
        }
    }
}
