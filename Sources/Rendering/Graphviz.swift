import ArchlintModel
import Foundation
import SystemSupport

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
    /// Rank arrays repaired after dot's layout (graphviz 2.42's double free; see `GraphvizSession.repairRankArrays`).
    var repairedRanks = 0
}

/// A Graphviz failure, carrying graphviz's own message.
public struct GraphvizError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Stage: String, Sendable {
        /// No usable libgvc on this machine (`GraphvizLibrary`).
        case library
        case context, parse, layout, render
    }

    public var stage: Stage
    /// What graphviz said (its error/warning lines), or a description when it said nothing.
    public var message: String
    /// True when graphviz does not know the format or layout: a plugin archlint could not load.
    public var missingPlugin: Bool

    public init(stage: Stage, message: String, missingPlugin: Bool = false) {
        self.stage = stage
        self.message = message
        self.missingPlugin = missingPlugin
    }

    /// One line.
    public var description: String {
        if stage == .library { return message }
        var text = "graphviz \(stage.rawValue) failed: \(message)"
        if missingPlugin { text += " — Graphviz's plugins are missing or incomplete. " + GraphvizInstallHint.line() }
        return text
    }
}

/// In-process Graphviz (libgvc + cgraph, loaded at run time by `GraphvizLibrary`). Never spawns `dot`.
///
/// Graphviz keeps global state (error handler, symbol tables) and is not thread-safe, so every cgraph/gvc call
/// goes through one process-wide lock. Each render owns its context and graph and frees them all
/// (`gvFreeRenderData`, `gvFreeLayout`, `agclose`, `gvFreeContext`) before returning.
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

    /// The output formats the loaded plugins provide (`svg:core`, `png:cairo`, …), for diagnostics.
    public static func availableFormats() -> [String] {
        (try? GraphvizSession.run { session in session.pluginList(kind: "device") }) ?? []
    }

    /// The layout engines the loaded plugins provide.
    public static func availableLayouts() -> [String] {
        (try? GraphvizSession.run { session in session.pluginList(kind: "layout") }) ?? []
    }
}

/// One locked use of libgvc: a fresh context, graphviz's messages captured, everything freed at the end.
struct GraphvizSession {
    private static let lock = NSLock()
    /// Messages graphviz reported through `agseterrf` during the current session (guarded by `lock`).
    nonisolated(unsafe) fileprivate static var messages = ""

    private let library: GraphvizLibrary
    private let context: OpaquePointer

    /// cgraph's `AGWARN`: warnings and errors go to the handler.
    private static let warningLevel: Int32 = 0

    static func run<T>(_ body: (GraphvizSession) throws(GraphvizError) -> T) throws(GraphvizError) -> T {
        let library = try GraphvizLibrary.shared.get()
        lock.lock()
        defer { lock.unlock() }
        messages = ""
        let previousHandler = library.agseterrf(graphvizMessageHandler)
        let previousLevel = library.agseterr(warningLevel)
        defer {
            _ = library.agseterr(previousLevel)
            _ = library.agseterrf(previousHandler)
            messages = ""
        }
        _ = library.agreseterrors()
        guard let context = library.makeContext() else {
            throw GraphvizError(stage: .context, message: takeMessages() ?? "gvContextPlugins() returned NULL")
        }
        defer { _ = library.gvFreeContext(context) }
        do {
            return try body(GraphvizSession(library: library, context: context))
        } catch {
            var error = error
            if error.missingPlugin {
                let found = library.plugins.isEmpty ? "none" : library.plugins.joined(separator: ", ")
                error.message += " (plugins loaded from \(library.pluginFolders.joined(separator: ", ")): \(found))"
            }
            // A Graphviz newer than archlint knows may fail for that reason: say which one it was.
            if library.isNewerThanKnown {
                error.message += " (\(library.description), newer than the \(GraphvizLibrary.knownVersions) archlint knows)"
            }
            throw error
        }
    }

    /// What graphviz said since the last call, trimmed; nil when nothing.
    fileprivate static func takeMessages() -> String? {
        let text = messages.trimmingCharacters(in: .whitespacesAndNewlines)
        messages = ""
        return text.isEmpty ? nil : text
    }

    /// The largest PNG, in inches at graphviz's 96 dpi: 41.6 in is 3,994 px.
    static let pngSizeInches = "41.6,41.6"

    func render(dot: String, format: String, layout: String, splines: String?) throws(GraphvizError) -> GraphvizDrawing {
        guard let graph = SequentialIDs.read(dot, library: library) else {
            throw GraphvizError(stage: .parse, message: Self.takeMessages() ?? "could not parse the DOT text")
        }
        defer { _ = library.agclose(graph) }
        if let splines { _ = library.agsafeset(graph, "splines", splines, "") }
        // A PNG is for reading on a screen: scaled down to at most 4,000 px on its long side (96 dpi, graphviz's
        // default for png), never up. Vector formats keep their natural size.
        if format == "png" { _ = library.agsafeset(graph, "size", Self.pngSizeInches, "") }
        guard library.gvLayout(context, graph, layout) == 0 else {
            let message = Self.takeMessages() ?? "layout \"\(layout)\" failed"
            throw GraphvizError(stage: .layout, message: message, missingPlugin: Self.isMissingPlugin(message))
        }
        var repaired = 0
        var freeLayout = true
        if layout == GraphvizLayout.dot.rawValue {
            switch library.dotCleanup {
            case .free: break
            // graphviz 2.42's dot leaves a dangling rank array after laying out a labelled flat edge, and
            // gvFreeLayout would free it twice (the reported "double free detected in tcache 2" abort).
            case .repairRanks: repaired = repairRankArrays(graph)
            case .keepLayout: freeLayout = false
            }
        }
        defer { if freeLayout { _ = library.gvFreeLayout(context, graph) } }
        let undrawn = undrawnEdges(graph)
        let rendered = library.renderData(context, graph, format: format)
        defer { if let buffer = rendered.buffer { library.gvFreeRenderData(buffer) } }
        guard rendered.status == 0, let buffer = rendered.buffer else {
            let message = Self.takeMessages() ?? "rendering \"\(format)\" failed"
            throw GraphvizError(stage: .render, message: message, missingPlugin: Self.isMissingPlugin(message))
        }
        let bytes = buffer.withMemoryRebound(to: UInt8.self, capacity: rendered.length) { bytes in
            Array(UnsafeBufferPointer(start: bytes, count: rendered.length))
        }
        return GraphvizDrawing(bytes: bytes, undrawnEdges: undrawn, messages: Self.takeMessages() ?? "", repairedRanks: repaired)
    }

    /// graphviz 2.4x says `Layout type: "dot" not recognized. Use one of:` / `renderer for svg is unavailable`;
    /// newer versions `Format: "svg" not recognized`.
    private static func isMissingPlugin(_ message: String) -> Bool {
        message.contains("not recognized") || message.contains("is unavailable")
    }

    /// Edges the layout left without a drawing: graphviz drops an edge when spline routing fails
    /// ("triangulation failed", "in routesplines, Pshortestpath failed") and still reports success.
    /// An edge's layout record (`Agedgeinfo_t`) starts with cgraph's record header (two pointers) and then the
    /// edge's splines, in every version.
    private func undrawnEdges(_ graph: OpaquePointer) -> Int {
        var undrawn = 0
        var node = library.agfstnode(graph)
        while let current = node {
            var edge = library.agfstout(graph, current)
            while let each = edge {
                let record = library.aggetrec(each, "Agedgeinfo_t", 0)
                if record?.load(fromByteOffset: 2 * MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer?.self) == nil {
                    undrawn += 1
                }
                edge = library.agnxtout(graph, each)
            }
            node = library.agnxtnode(graph, current)
        }
        return undrawn
    }

    /// Works around a double free in graphviz 2.42's dot layout (lib/dotgen/flat.c). For a labelled flat edge
    /// (an edge between two nodes of the same rank; archlint labels violation edges with their rule id),
    /// `make_vn_slot` grows the rank's node array with realloc into `rank.v` but leaves `rank.av` pointing at the
    /// old block, which realloc may already have freed; `gvFreeLayout` (dot_cleanup) then frees `rank.av`:
    /// "free(): double free detected in tcache 2", abort. Newer graphviz keeps `av == v` (make_vn_slot reallocs
    /// `av`). After a dot layout the root graph's rank arrays have `av == v` except after that realloc, so
    /// pointing `av` at the live array is the fix newer graphviz made. Returns how many ranks were repaired.
    /// The offsets are 2.42's `Agraphinfo_t` and `rank_t` on LP64 (`GraphvizLibrary.DotCleanup.repairRanks`).
    private func repairRankArrays(_ graph: OpaquePointer) -> Int {
        guard let info = library.aggetrec(graph, "Agraphinfo_t", 0),
              let ranks = info.load(fromByteOffset: 264, as: UnsafeMutableRawPointer?.self)
        else { return 0 }
        let minRank = Int(info.load(fromByteOffset: 344, as: Int16.self))
        let maxRank = Int(info.load(fromByteOffset: 346, as: Int16.self))
        // Rank -1 exists when dot made room for the labels of flat edges on rank 0 (`abomination`).
        guard minRank >= -1, minRank <= maxRank else { return 0 }
        var repaired = 0
        for rank in minRank...maxRank {
            let entry = ranks + rank * 80
            let live = entry.load(fromByteOffset: 8, as: UnsafeMutableRawPointer?.self)
            if entry.load(fromByteOffset: 24, as: UnsafeMutableRawPointer?.self) != live {
                entry.storeBytes(of: live, toByteOffset: 24, as: UnsafeMutableRawPointer?.self)
                repaired += 1
            }
        }
        return repaired
    }

    func pluginList(kind: String) -> [String] {
        var count: Int32 = 0
        guard let list = library.pluginList(context, kind: kind, count: &count) else { return [] }
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
    nonisolated(unsafe) fileprivate static var nextID: UInt64 = 1

    /// cgraph's `Agdisc_t` for `abi`, built as the C structs are laid out: a row of pointers.
    /// `Agiddisc_t` is {open, map, alloc, free, print, close, idregister}, without `alloc` from 13.0;
    /// `Agdisc_t` is {mem, id, io}, without `mem` from 9.0.
    static func discipline(
        abi: GraphvizLibrary.ABI, memory: UnsafeMutableRawPointer?, io: UnsafeMutableRawPointer
    ) -> UnsafeMutableRawPointer {
        typealias Open = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
        typealias Map = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<UInt64>?, Int32) -> Int
        typealias Alloc = @convention(c) (UnsafeMutableRawPointer?, Int32, UInt64) -> Int
        typealias Free = @convention(c) (UnsafeMutableRawPointer?, Int32, UInt64) -> Void
        typealias Print = @convention(c) (UnsafeMutableRawPointer?, Int32, UInt64) -> UnsafeMutablePointer<CChar>?
        typealias Close = @convention(c) (UnsafeMutableRawPointer?) -> Void
        typealias Register = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void
        let open: Open = { graph, _ in UnsafeMutableRawPointer(graph) }
        let map: Map = { _, _, name, id, _ in
            guard name == nil, let id else { return 0 }  // names: cgraph's internal map, anonymous ID
            id.pointee = SequentialIDs.nextID
            SequentialIDs.nextID += 2  // odd, like cgraph's own anonymous IDs
            return 1
        }
        let alloc: Alloc = { _, _, _ in 0 }
        let free: Free = { _, _, _ in }
        let print: Print = { _, _, _ in nil }
        let close: Close = { _ in }
        let register: Register = { _, _, _ in }
        func pointer<F>(_ function: F) -> UnsafeRawPointer { unsafeBitCast(function, to: UnsafeRawPointer.self) }
        var ids = [pointer(open), pointer(map)]
        if abi != .from13 { ids.append(pointer(alloc)) }
        ids += [pointer(free), pointer(print), pointer(close), pointer(register)]
        let idDiscipline = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: ids.count)
        for (index, pointer) in ids.enumerated() { idDiscipline[index] = pointer }
        let fields: [UnsafeRawPointer?] = (abi == .before9 ? [UnsafeRawPointer(memory)] : [])
            + [UnsafeRawPointer(idDiscipline), UnsafeRawPointer(io)]
        let discipline = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: fields.count)
        for (index, pointer) in fields.enumerated() { discipline[index] = pointer }
        return UnsafeMutableRawPointer(discipline)
    }

    static func read(_ dot: String, library: GraphvizLibrary) -> OpaquePointer? {
        nextID = 1
        var bytes = Array(dot.utf8)
        guard !bytes.isEmpty else { return nil }
        return bytes.withUnsafeMutableBytes { buffer -> OpaquePointer? in
            guard let file = fmemopen(buffer.baseAddress, buffer.count, "r") else { return nil }
            defer { fclose(file) }
            // Before 13.0 cgraph counts lines across reads: restart at 1 for this text's error messages.
            library.agreadline?(1)
            return library.agread(UnsafeMutableRawPointer(file), library.discipline)
        }
    }
}
