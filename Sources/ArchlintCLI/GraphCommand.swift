import ArchlintKit
import ArgumentParser
import Graphs
import Rendering
import Reporting

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print or render the module graph or the component graph.",
        discussion: "svg, png and pdf are rendered in-process with libgvc (no `dot` needed). Violations are drawn red.")

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .long, help: "Which graph: \(GraphExport.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var kind: GraphExport.Kind = .modules

    @Option(name: .long, help: "Output format: \(GraphExport.Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: GraphExport.Format = .json

    @Option(name: .shortAndLong, help: "Write to FILE instead of stdout.")
    var output: String?

    @Option(name: .long, help: "Show only the neighbourhood of this module or component (id or name).")
    var focus: String?

    @Option(name: .long, help: "With --focus: how many hops to show.")
    var depth: Int?

    @Flag(name: .long, help: "With --focus: show who depends on it instead.")
    var reverse = false

    @Flag(name: .long, help: "Hide external modules (package products, system frameworks).")
    var hideExternal = false

    @Flag(name: .long, help: "Hide test targets.")
    var hideTests = false

    @Flag(name: .long, help: "Transitive reduction: drop edges implied by longer paths (violations are kept).")
    var reduce = false

    @Option(name: .long, help: "Graphviz layout: dot, or sfdp for very large graphs.")
    var layout: GraphvizLayout = .dot

    func run() throws {
        let result = try analysis.analyze()
        let reported = DiagnosticFilter.apply(
            result.diagnostics, workspace: result.workspace,
            suppressions: SuppressionFilter(configuration: result.configuration)).reported
        let filters = GraphFilterOptions(
            focus: focus, depth: depth, reverse: reverse, hideExternal: hideExternal, hideTests: hideTests, reduce: reduce)
        let bytes: [UInt8]
        do {
            bytes = try GraphExport.render(kind, of: result, diagnostics: reported, format: format, filters: filters, layout: layout)
        } catch {
            throw CommandFailure(message: error.description)
        }
        try Console.write(bytes, to: output)
    }
}

extension GraphExport.Kind: ExpressibleByArgument {}
extension GraphExport.Format: ExpressibleByArgument {}
extension GraphvizLayout: ExpressibleByArgument {}
