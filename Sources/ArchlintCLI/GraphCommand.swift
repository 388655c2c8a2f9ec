import ArchlintKit
import ArchlintModel
import ArgumentParser
import Graphs
import Rendering
import Reporting
import SystemSupport

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print or render the module graph, the component graph or the layer overview.",
        discussion: """
            Above \(GraphScaling.moduleThreshold) modules, the module picture hides externals and tests and drops \
            transitive edges (violations always stay), and says so on stderr and at the bottom of the picture: \
            --all draws everything, --show-external, --show-tests and --no-reduce keep one part (JSON stays \
            whole). Smaller pictures draw externals one node per package (SwiftPM package, Apple SDK) when they \
            outnumber the codebase's own modules. Ranks wider than a page are wrapped over several rows, layers \
            stacked top to bottom, and \
            in large pictures fans of edges into a layer drawn as one edge to its box (--no-wrap turns the \
            wrapping and bundling off).

            --kind layers draws one box per configured layer (per package without layers), one node per \
            feature (with its interfaces) and one for the layer's other modules, labelled with module counts; \
            edges count module edges and add the number of violations, in the colour of the worst (errors red, \
            warnings amber, notes grey, as in every picture). Tests and externals are left \
            out unless --show-tests / --show-external (or --all).

            svg, png and pdf are drawn by libgvc in a child process of archlint. When graphviz fails (it can crash \
            on large clustered graphs), simpler layouts are tried and stderr says which one drew the picture. \
            When none can, stderr says how to get one, and archlint exits 1.

            \(ReportForce.discussion)
            """)

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case modules, components, layers
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
        // Rendering (in-process Graphviz for svg/png/pdf; never runs `dot`).
        case dot, mermaid, svg, png, pdf
    }

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .long, help: "Which graph: \(Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var kind: Kind = .modules

    @Option(name: .long, help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .json

    @OptionGroup var destination: OutputOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --kind components: show one Needle scope (an app's module id, or a library root component).",
            valueName: "name"))
    var scope: String?

    @OptionGroup(title: "Rendering and filters") var rendering: GraphRenderingOptions

    func validate() throws {
        if scope != nil && kind != .components { throw ValidationError("--scope needs --kind components.") }
        if kind == .layers && rendering.focus != nil {
            throw ValidationError("--focus draws modules or components: use it with --kind modules or --kind components.")
        }
        try rendering.validate()
    }

    func run() throws {
        let result = try analysis.analyze()
        CrashContext.setPhase("graph output")
        // Draw what `lint` would report, under the same policy: inline suppressions apply to graphs too.
        let diagnostics = result.filtered().reported
        let filter = rendering.filter
        var componentGraph = result.componentGraph
        if let scope {
            guard let selected = componentGraph.onlyScope(scope) else {
                throw CommandFailure(message: componentGraph.unknownScopeMessage(scope))
            }
            componentGraph = selected
        }
        // Pictures of large module graphs are simplified by default (JSON, the data contract, stays whole).
        let scaled = GraphScaling.moduleFilter(for: result.moduleGraph, requested: filter, keep: rendering.keep)
        var options = rendering.dotOptions(graphID: kind.rawValue)
        if format != .json && kind == .modules { options.caption = scaled.caption }
        let rendered: RenderedGraph
        do {
            switch (kind, format) {
            case (.layers, _):
                let overview = LayerOverview(
                    graph: result.moduleGraph, diagnostics: diagnostics, configuration: result.configuration,
                    classifier: result.classifier, options: .init(showExternal: rendering.all || rendering.showExternal, showTests: rendering.all || rendering.showTests))
                if format == .json {
                    rendered = .init(text: GraphJSON.layers(overview))
                } else {
                    rendered = GraphExport.renderLayers(
                        overview, format: GraphExportFormat(rawValue: format.rawValue)!, layout: rendering.layout,
                        renderer: .commandLine, options: options)
                }
                if let caption = overview.caption { Console.error("note: \(caption)") }
            case (.modules, .json):
                rendered = .init(text: GraphJSON.modules(try GraphExport.filteredModules(
                    result.moduleGraph, diagnostics: diagnostics, filter: filter),
                    metrics: ArchitectureMetrics(result).byModule))
            case (.components, .json):
                rendered = .init(text: GraphJSON.components(try GraphExport.filteredComponents(
                    componentGraph, diagnostics: diagnostics, filter: filter)))
            case (.modules, _):
                rendered = try GraphExport.renderModules(
                    result.moduleGraph, diagnostics: diagnostics, configuration: result.configuration,
                    classifier: result.classifier, filter: scaled.filter, format: GraphExportFormat(rawValue: format.rawValue)!, layout: rendering.layout,
                    renderer: .commandLine, options: options)
                if let caption = scaled.caption { Console.error("note: \(caption)") }
            case (.components, _):
                rendered = try GraphExport.renderComponents(
                    componentGraph, diagnostics: diagnostics, filter: filter,
                    format: GraphExportFormat(rawValue: format.rawValue)!, layout: rendering.layout,
                    renderer: .commandLine, options: rendering.dotOptions(graphID: kind.rawValue))
            }
        } catch {
            throw CommandFailure(message: String(describing: error))
        }
        guard let bytes = rendered.bytes else {
            // Exit 1, not 2: the invocation was valid; this picture is beyond graphviz.
            throw CommandFailure(message: GraphPanel.failureMessage(rendered, kind: kind.rawValue), exitCode: 1)
        }
        let noun = switch kind {
        case .modules: "module graph"
        case .components: "component graph"
        case .layers: "layer overview"
        }
        if let note = rendered.note { Console.error("note: the \(noun) was \(note)") }
        try destination.write(bytes, analysis: analysis)
    }
}

/// `archlint graph` filters and layout (the Rendering helper's flags).
struct GraphRenderingOptions: ParsableArguments {
    @Option(name: .long, help: "Graphviz layout engine for svg/png/pdf: dot, or sfdp for very large graphs.")
    var layout: GraphvizLayout = .dot

    @Option(name: .long, help: ArgumentHelp("Show only the neighbourhood of this module or component (id or name).", valueName: "name"))
    var focus: String?

    @Option(name: .long, help: "With --focus: how many hops to follow in each direction (default: all).")
    var depth: Int?

    @Flag(name: .long, help: "With --focus: show only who depends on it.")
    var reverse = false

    @Flag(name: .long, help: "Hide external modules (package products, system frameworks).")
    var hideExternal = false

    @Flag(name: .long, help: "Hide test targets.")
    var hideTests = false

    @Flag(name: .long, help: "Transitive reduction: drop edges implied by longer paths (cycles and violations stay).")
    var reduce = false

    @Flag(name: .long, help: "Draw every module and edge: no default simplification of large module graphs.")
    var all = false

    @Flag(name: .long, help: "Keep external modules in a large module graph or the layer overview.")
    var showExternal = false

    @Flag(name: .long, help: "Keep test targets in a large module graph or the layer overview.")
    var showTests = false

    @Flag(name: .long, help: "Keep transitive edges in a large module graph.")
    var noReduce = false

    @Option(name: .long, help: "Direction of dependency arrows: TB (top to bottom), LR, BT or RL (default: TB; LR for a component tree with a parent of more than 8 children).")
    var rankdir: RankDirection?

    @Option(name: .long, help: "Module graph clusters: layers (packages when no layers are configured), packages or none.")
    var clusters: GraphClusters = .layers

    @Flag(name: .long, help: "Don't wrap wide ranks over several rows, nor bundle fans of edges.")
    var noWrap = false

    enum RankDirection: String, ExpressibleByArgument, CaseIterable {
        case TB, LR, BT, RL
    }

    /// What the default simplification of large module graphs must keep.
    var keep: GraphScaling.Keep {
        all ? .everything : GraphScaling.Keep(externals: showExternal, tests: showTests, transitiveEdges: noReduce)
    }

    func dotOptions(graphID: String) -> DotOptions {
        var options = DotOptions(graphID: graphID, rankdir: (rankdir ?? .TB).rawValue, clusters: clusters, wrapWideRanks: !noWrap)
        options.rankdirChosen = rankdir != nil
        return options
    }

    var filter: GraphFilterOptions {
        GraphFilterOptions(
            focus: focus, depth: depth, reverse: reverse, hideExternal: hideExternal, hideTests: hideTests, reduce: reduce)
    }

    func validate() throws {
        if reverse && focus == nil { throw ValidationError("--reverse needs --focus NAME.") }
        if depth != nil && focus == nil { throw ValidationError("--depth needs --focus NAME.") }
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more.") }
        if all && (hideExternal || hideTests || reduce) {
            throw ValidationError("--all draws everything: drop --hide-external, --hide-tests and --reduce.")
        }
        if (showExternal && hideExternal) || (showTests && hideTests) || (noReduce && reduce) {
            throw ValidationError("--show-… / --no-reduce contradict --hide-… / --reduce: pick one.")
        }
    }
}

extension GraphvizLayout: ExpressibleByArgument {}
extension GraphClusters: ExpressibleByArgument {}
