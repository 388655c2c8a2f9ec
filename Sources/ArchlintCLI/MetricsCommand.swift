import ArchlintKit
import ArchlintModel
import ArgumentParser
import Graphs
import Reporting
import SystemSupport

struct MetricsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: "Print each module's coupling metrics, and per layer and per feature.",
        discussion: """
            Per module: fan-in Ca (modules that depend on it; tests don't count), fan-out Ce (modules it depends \
            on), instability I = Ce/(Ca+Ce) (1 when both are 0), abstractness A (protocols over type \
            declarations), distance from the main sequence D = |A+I-1|, files, lines and components. A module \
            depends on another when it declares or imports it; external modules are neither measured nor counted. \
            Layers and features are measured as one unit each (their production modules).

            \(ReportForce.discussion)
            """)

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .long, help: "Output format: \(MetricsReport.Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: MetricsReport.Format = .text

    @OptionGroup var destination: OutputOptions

    func run() throws {
        let analysed = try analysis.analyze()
        CrashContext.setPhase("metrics")
        let metrics = ArchitectureMetrics(analysed)
        try destination.write(Array(MetricsReport.render(metrics, format: format).utf8), analysis: analysis)
    }
}

extension MetricsReport.Format: ExpressibleByArgument {}
