import ArchlintKit
import ArgumentParser
import Graphs
import Rendering
import Reporting

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print or render the module graph or the component graph.",
        discussion: """
            svg, png and pdf are drawn by libgvc in a child process of archlint. When graphviz fails (it can crash \
            on large clustered graphs), simpler layouts are tried and stderr says which one drew the picture. \
            When none can, stderr says how to get one, and archlint exits 1.
            """)

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case modules, components
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

    @Option(name: .shortAndLong, help: "Write to FILE instead of stdout.")
    var output: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --kind components: show one Needle scope (an app's module id, or a library root component).",
            valueName: "name"))
    var scope: String?

    @OptionGroup(title: "Rendering and filters") var rendering: GraphRenderingOptions

    func validate() throws {
        try PathOptions.requireNonEmpty(("--output", output))
        if scope != nil && kind != .components { throw ValidationError("--scope needs --kind components.") }
        try rendering.validate()
    }

    func run() throws {
        let result = try analysis.analyze()
        // Draw red what `lint` would report: inline suppressions apply to graphs too.
        let diagnostics = DiagnosticFilter.apply(
            result.diagnostics, workspace: result.workspace,
            suppressions: SuppressionFilter(configuration: result.configuration)).reported
        let filter = rendering.filter
        var componentGraph = result.componentGraph
        if let scope {
            guard let selected = componentGraph.onlyScope(scope) else {
                throw CommandFailure(message: componentGraph.unknownScopeMessage(scope))
            }
            componentGraph = selected
        }
        let rendered: RenderedGraph
        do {
            switch (kind, format) {
            case (.modules, .json):
                rendered = .init(text: GraphJSON.modules(try GraphExport.filteredModules(
                    result.moduleGraph, diagnostics: diagnostics, filter: filter)))
            case (.components, .json):
                rendered = .init(text: GraphJSON.components(try GraphExport.filteredComponents(
                    componentGraph, diagnostics: diagnostics, filter: filter)))
            case (.modules, _):
                rendered = try GraphExport.renderModules(
                    result.moduleGraph, diagnostics: diagnostics, configuration: result.configuration,
                    filter: filter, format: GraphExportFormat(rawValue: format.rawValue)!, layout: rendering.layout,
                    renderer: .commandLine)
            case (.components, _):
                rendered = try GraphExport.renderComponents(
                    componentGraph, diagnostics: diagnostics, filter: filter,
                    format: GraphExportFormat(rawValue: format.rawValue)!, layout: rendering.layout,
                    renderer: .commandLine)
            }
        } catch {
            throw CommandFailure(message: String(describing: error))
        }
        guard let bytes = rendered.bytes else {
            // Exit 1, not 2: the invocation was valid; this picture is beyond graphviz.
            throw CommandFailure(message: GraphPanel.failureMessage(rendered, kind: kind.rawValue), exitCode: 1)
        }
        if let note = rendered.note { Console.error("note: the \(kind == .modules ? "module" : "component") graph was \(note)") }
        try Console.write(bytes, to: output)
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

    var filter: GraphFilterOptions {
        GraphFilterOptions(
            focus: focus, depth: depth, reverse: reverse, hideExternal: hideExternal, hideTests: hideTests, reduce: reduce)
    }

    func validate() throws {
        if reverse && focus == nil { throw ValidationError("--reverse needs --focus NAME.") }
        if depth != nil && focus == nil { throw ValidationError("--depth needs --focus NAME.") }
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more.") }
    }
}

extension GraphvizLayout: ExpressibleByArgument {}
