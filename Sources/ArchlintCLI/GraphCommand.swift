import ArchlintKit
import ArgumentParser

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print or render the module graph or the component graph.")

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case modules, components
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
    }

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .long, help: "Which graph: \(Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var kind: Kind = .modules

    @Option(name: .long, help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .json

    @Option(name: .shortAndLong, help: "Write to FILE instead of stdout.")
    var output: String?

    func run() throws {
        let result = try analysis.analyze()
        let text: String
        switch (kind, format) {
        case (.modules, .json): text = GraphJSON.modules(result.moduleGraph)
        case (.components, .json): text = GraphJSON.components(result.componentGraph)
        }
        try Console.write(Array(text.utf8), to: output)
    }
}
