import ArchlintKit
import ArgumentParser
import Workspace

/// Options every analysing command shares.
struct AnalysisOptions: ParsableArguments {
    @Argument(help: "The directory to analyse.", completion: .directory)
    var path: String = "."

    @Option(name: .long, help: "Configuration file (default: <path>/.archlint.yml, else the built-in preset).")
    var config: String?

    @Option(name: .long, help: "How to read Package.swift: 'static' (never runs it) or 'dump' (runs `swift package dump-package`; executes manifest code).")
    var manifests: ManifestMode = .static

    @Option(name: .long, help: "Cache directory (default: $XDG_CACHE_HOME/archlint).")
    var cacheDir: String?

    @Flag(name: .long, help: "Don't read or write the cache.")
    var noCache = false

    var analyzerOptions: AnalyzerOptions { analyzerOptions(progress: nil) }

    func analyzerOptions(progress: ProgressLine?) -> AnalyzerOptions {
        var scan = ScanOptions(manifestMode: manifests, cacheDirectory: cacheDir, useCache: !noCache)
        if let progress {
            scan.progress = { @Sendable event in progress.report(event) }
        }
        return AnalyzerOptions(configPath: config, scan: scan)
    }

    func analyze() throws -> Analysis {
        do {
            return try Analyzer.analyze(root: path, options: analyzerOptions)
        } catch {
            throw CommandFailure(message: String(describing: error))
        }
    }

    /// `lint`'s analysis: reuses the stored result of an unchanged tree unless `needsAnalysis`.
    func lint(needsAnalysis: Bool, progress: ProgressLine? = nil) throws -> LintRun {
        do {
            return try Analyzer.lint(root: path, options: analyzerOptions(progress: progress), needsAnalysis: needsAnalysis)
        } catch {
            throw CommandFailure(message: String(describing: error))
        }
    }
}

extension ManifestMode: ExpressibleByArgument {}
