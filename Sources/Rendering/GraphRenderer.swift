import ArchlintModel
import Foundation

/// One way to lay out and draw: a layout engine and how edges are drawn.
public struct GraphvizAttempt: Hashable, Sendable, Codable, CustomStringConvertible {
    public var layout: GraphvizLayout
    /// Nil: as the DOT text says (curved splines for archlint's graphs).
    public var splines: GraphvizSplines?

    public init(layout: GraphvizLayout, splines: GraphvizSplines? = nil) {
        self.layout = layout
        self.splines = splines
    }

    public var description: String {
        switch (layout, splines) {
        case (.dot, nil), (.dot, .spline): "dot layout, curved edges"
        case (.dot, .polyline): "dot layout, polyline edges"
        case (.dot, .line): "dot layout, straight edges"
        case (.sfdp, .line): "sfdp layout, straight edges, no cluster boxes"
        case (.sfdp, _): "sfdp layout"
        }
    }

    /// What to try, in order, when `layout` was asked for. Curved splines first; then polylines (another
    /// router mode); then straight lines (no routing: graphviz's "triangulation failed" can't happen);
    /// last sfdp with straight lines, which uses none of dot's ranking, flat-edge or routing code.
    public static func fallbacks(for layout: GraphvizLayout) -> [GraphvizAttempt] {
        switch layout {
        case .dot:
            [GraphvizAttempt(layout: .dot), GraphvizAttempt(layout: .dot, splines: .polyline),
             GraphvizAttempt(layout: .dot, splines: .line), GraphvizAttempt(layout: .sfdp, splines: .line)]
        case .sfdp:
            [GraphvizAttempt(layout: .sfdp), GraphvizAttempt(layout: .dot, splines: .line)]
        }
    }
}

/// Why one attempt gave no complete picture.
public enum GraphvizAttemptFailure: Error, Sendable, CustomStringConvertible {
    /// Graphviz reported an error (bad DOT, missing plugin, failed layout or render).
    case graphviz(GraphvizError)
    /// The render process died (a crash inside graphviz) or exited with a status it doesn't use.
    case crashed(String)
    /// The render process used more CPU time than its limit, or ran far longer (`clock`), and was stopped.
    case timedOut(seconds: Int, clock: Clock)
    /// The render process could not be started or its output read.
    case process(String)

    public enum Clock: Sendable { case cpu, wall }

    public var description: String {
        switch self {
        case .graphviz(let error): error.description
        case .crashed(let detail): "graphviz crashed (\(detail))"
        case .timedOut(let seconds, .cpu): "graphviz used more than \(seconds) s of CPU time and was stopped"
        case .timedOut(let seconds, .wall): "graphviz ran longer than \(seconds) s and was stopped"
        case .process(let detail): "the render process failed: \(detail)"
        }
    }

    /// No other layout helps: the DOT text or the installation is at fault.
    var isFinal: Bool {
        if case .graphviz(let error) = self { return error.stage == .library || error.stage == .parse || error.stage == .context || error.missingPlugin }
        return false
    }
}

/// The result of drawing one graph through the fallbacks.
public struct RenderedGraph: Sendable {
    /// The picture; nil when no attempt could draw it.
    public var bytes: [UInt8]?
    /// The attempt that drew `bytes`.
    public var attempt: GraphvizAttempt?
    /// The attempts that failed before, with why (in order).
    public var failures: [(attempt: GraphvizAttempt, reason: String)]
    /// Edges missing from `bytes` (only when every attempt lost some: the most complete one is kept).
    public var undrawnEdges: Int
    /// The attempt that draws the normal picture.
    var firstChoice: GraphvizAttempt?
    /// Why no attempt can draw on this machine (no usable Graphviz, with how to install it).
    var unavailable: String?

    /// One line for stderr or a caption: which fallback drew the picture and why. Nil for a normal picture.
    public var note: String? {
        guard bytes != nil, let attempt else { return nil }
        var parts: [String] = []
        if !failures.isEmpty {
            let reasons = failures.map { "\($0.attempt): \($0.reason)" }.joined(separator: "; ")
            // The first choice can win after all when every attempt lost edges and it lost the fewest.
            let which = attempt == firstChoice ? "" : "the fallback "
            parts.append("drawn with \(which)\"\(attempt)\" (\(reasons))")
        }
        if undrawnEdges > 0 { parts.append("\(undrawnEdges) edge(s) could not be drawn and are missing") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// What failed, when there is no picture.
    public var failureSummary: String {
        if let unavailable { return unavailable }
        return failures.map { "\($0.attempt): \($0.reason)" }.joined(separator: "; ")
    }
}

/// Draws DOT through `GraphvizAttempt.fallbacks`, in this process or in a child process of archlint's own
/// binary (`GraphvizChild`), where a crash or hang inside graphviz costs the picture, never the run.
public struct GraphRenderer: Sendable {
    public enum Isolation: Sendable {
        /// libgvc in this process (library callers and tests): no protection against a crash inside graphviz.
        case inProcess
        /// Each attempt in a child process of this archlint binary, killed after `timeoutSeconds`.
        case childProcess(GraphvizChild)
    }

    public var isolation: Isolation

    public init(isolation: Isolation = .inProcess) {
        self.isolation = isolation
    }

    public static let inProcess = GraphRenderer()

    public func render(dot: String, format: GraphvizFormat, layout: GraphvizLayout = .dot) -> RenderedGraph {
        var result = drawFirstThatWorks(dot: dot, format: format, layout: layout)
        // A picture more than 4 times wider than high (or the reverse) is drawn again, stretched to 4:1.
        if let bytes = result.bytes, let attempt = result.attempt, let ratio = PictureAspect.correction(bytes, format: format),
           let brace = dot.lastIndex(of: "}") {
            var stretched = dot
            stretched.insert(contentsOf: "  graph [ratio=\"\(ratio)\"]\n", at: brace)
            if case .success(let drawing) = draw(dot: stretched, format: format, attempt: attempt),
               drawing.undrawnEdges <= result.undrawnEdges {
                result.bytes = drawing.bytes
            }
        }
        // A PNG says it is archlint's, so a later run may replace it (`FileKind.report`).
        if format == .png, let bytes = result.bytes { result.bytes = PictureStamp.stamped(bytes) }
        return result
    }

    private func drawFirstThatWorks(dot: String, format: GraphvizFormat, layout: GraphvizLayout) -> RenderedGraph {
        let attempts = GraphvizAttempt.fallbacks(for: layout)
        var result = RenderedGraph(bytes: nil, attempt: nil, failures: [], undrawnEdges: 0, firstChoice: attempts.first)
        var incomplete: (attempt: GraphvizAttempt, drawing: GraphvizDrawing)?
        var skipRouted = false
        var skipDot = false
        for attempt in attempts {
            if skipDot && attempt.layout == .dot { continue }
            // Polylines go through the same router as splines: after edges were lost, they would be lost again.
            if skipRouted && attempt.splines == .polyline { continue }
            switch draw(dot: dot, format: format, attempt: attempt) {
            case .success(let drawing) where drawing.undrawnEdges == 0:
                result.bytes = drawing.bytes
                result.attempt = attempt
                return result
            case .success(let drawing):
                result.failures.append((attempt, "\(drawing.undrawnEdges) edge(s) could not be routed"))
                if incomplete == nil || drawing.undrawnEdges < incomplete!.drawing.undrawnEdges {
                    incomplete = (attempt, drawing)
                }
                skipRouted = true
            case .failure(let failure):
                result.failures.append((attempt, failure.description))
                if case .graphviz(let error) = failure, error.stage == .library { result.unavailable = error.description }
                if failure.isFinal { return result }
                // dot ran out of time: another dot spline mode would too; go to sfdp.
                if case .timedOut = failure { skipDot = true }
            }
        }
        if let incomplete {
            result.bytes = incomplete.drawing.bytes
            result.attempt = incomplete.attempt
            result.undrawnEdges = incomplete.drawing.undrawnEdges
            result.failures.removeAll { $0.attempt == incomplete.attempt }
        }
        return result
    }

    private func draw(dot: String, format: GraphvizFormat, attempt: GraphvizAttempt) -> Result<GraphvizDrawing, GraphvizAttemptFailure> {
        switch isolation {
        case .inProcess:
            do {
                return .success(try Graphviz.draw(dot: dot, format: format, layout: attempt.layout, splines: attempt.splines))
            } catch {
                return .failure(.graphviz(error))
            }
        case .childProcess(let child):
            return child.draw(dot: dot, format: format, attempt: attempt)
        }
    }
}

/// The aspect of a drawn picture, and the graphviz `ratio` (height / width) that brings one beyond 4:1 back to it.
enum PictureAspect {
    static let limit = 4.0

    /// Width and height: a PNG's IHDR, an SVG's root `width`/`height` in points; nil for anything else.
    static func size(_ bytes: [UInt8], format: GraphvizFormat) -> (width: Double, height: Double)? {
        switch format {
        case .png:
            guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
            func int(_ offset: Int) -> Double { Double(bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }) }
            return (int(16), int(20))
        case .svg:
            let head = String(decoding: bytes.prefix(2_048), as: UTF8.self)
            guard let svg = head.range(of: "<svg") else { return nil }
            func points(_ name: String) -> Double? {
                guard let start = head.range(of: " \(name)=\"", range: svg.upperBound..<head.endIndex),
                      let end = head[start.upperBound...].firstIndex(of: "\"") else { return nil }
                return Double(head[start.upperBound..<end].replacingOccurrences(of: "pt", with: ""))
            }
            guard let width = points("width"), let height = points("height") else { return nil }
            return (width, height)
        default:
            return nil
        }
    }

    /// The `ratio` to draw again with, nil when the picture is within 4:1 (a little inside, for rounding).
    static func correction(_ bytes: [UInt8], format: GraphvizFormat) -> String? {
        guard let size = size(bytes, format: format), size.width > 0, size.height > 0 else { return nil }
        if size.width > limit * size.height { return "0.26" }
        if size.height > limit * size.width { return "3.9" }
        return nil
    }
}
