import ArgumentParser
import Rendering

/// The child side of `GraphvizChild`: `archlint graph` and `lint --report-dir` draw each picture in a child
/// process running this hidden command, so a crash or hang inside graphviz can't take the run down.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: GraphvizChild.command, abstract: "Internal: draw one graph for a parent archlint process.",
        shouldDisplay: false)

    @Argument(help: "The directory holding the render request.")
    var directory: String

    func run() throws {
        let status = GraphvizChild.serve(directory: directory)
        if status != 0 { throw ExitCode(status) }
    }
}

extension GraphRenderer {
    /// How the CLI draws: in a child process of this binary (never in-process, never `dot`).
    static var commandLine: GraphRenderer {
        guard let child = GraphvizChild.locate(requireName: false) else { return .inProcess }
        return GraphRenderer(isolation: .childProcess(child))
    }
}
