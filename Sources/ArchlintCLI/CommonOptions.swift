import ArchlintKit
import ArchlintModel
import ArgumentParser
import SystemSupport
import Workspace

/// Options every analysing command shares.
struct AnalysisOptions: ParsableArguments {
    @Argument(help: "The directory to analyse.", completion: .directory)
    var path: String = "."

    @Option(name: .long, help: "Configuration file (default: <path>/.archlint.yml, else the built-in preset).")
    var config: String?

    @Flag(name: .long, help: "Let `extends:` read configuration files outside <path> (their content is never quoted in errors).")
    var allowConfigOutsideRoot = false

    @Option(name: .long, help: "How to read Package.swift: 'static' (never runs it) or 'dump' (runs `swift package dump-package`; executes manifest code).")
    var manifests: ManifestMode = .static

    @Option(name: .long, help: "Cache directory (default: $XDG_CACHE_HOME/archlint).")
    var cacheDir: String?

    @Flag(name: .long, help: "Don't read or write the cache.")
    var noCache = false

    @Flag(name: .long, help: "Follow symlinks that lead outside PATH (by default they are skipped and counted).")
    var followExternalSymlinks = false

    @Flag(name: .long, help: "Let archlint write (and read templates and the file `generate needle --check` compares) through symlinks that lead outside PATH; by default refused.")
    var allowOutsideRoot = false

    @Flag(name: .long, help: "Parse every Swift file in full. lint and diff otherwise read only the imports of files whose declarations no enabled rule reads (syntax errors in those are left to the compiler).")
    var parseAll = false

    var analyzerOptions: AnalyzerOptions { analyzerOptions(progress: nil) }

    func analyzerOptions(progress: ProgressLine?) -> AnalyzerOptions {
        var scan = ScanOptions(
            manifestMode: manifests, cacheDirectory: cacheDir, useCache: !noCache,
            followExternalSymlinks: followExternalSymlinks)
        if let progress {
            scan.progress = { @Sendable event in progress.report(event) }
        }
        var options = AnalyzerOptions(configPath: config, allowConfigOutsideRoot: allowConfigOutsideRoot, scan: scan)
        options.parsesEverything = parseAll
        options.allowOutsideRoot = allowOutsideRoot
        return options
    }

    /// How a file this command writes at `output` is guarded (see `FileGuard.forOutput`).
    func fileGuard(for output: String) -> FileGuard {
        FileGuard.forOutput(output, root: path, allowsOutside: allowOutsideRoot)
    }

    func validate() throws {
        try PathOptions.requireNonEmpty(("--config", config), ("--cache-dir", cacheDir))
    }

    func analyze() throws -> ArchitectureAnalysis {
        do {
            let analysis = try Analyzer.analyze(root: path, options: analyzerOptions)
            Self.noteUnusableCache(analysis.statistics)
            return analysis
        } catch {
            throw CommandFailure(message: String(describing: error))
        }
    }

    /// A cache path holding a FIFO, a symlink or a device was ignored: say so once (the run itself is complete).
    static func noteUnusableCache(_ statistics: ScanStatistics) {
        if let note = LintSession.unusableCacheNote(statistics) { Console.error(note) }
    }
}

extension ManifestMode: ExpressibleByArgument {}

/// Checks shared by every option that names a file or directory.
enum PathOptions {
    /// An empty path is a mistake (an unset shell variable, say), never "the current directory" or "/": it would
    /// make archlint write its cache under `/` or read a config that isn't there. Invocation error, exit 2.
    static func requireNonEmpty(_ options: (name: String, value: String?)...) throws {
        for option in options {
            if let value = option.value, value.isEmpty {
                throw ValidationError("\(option.name) needs a path; an empty one was given (an unset variable?).")
            }
        }
    }
}
