import ArchlintKit
import ArchlintModel
import ArgumentParser
import Foundation
import NeedleCodegen

/// `archlint generate …`: code written from the analysis.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write code from the analysis (needle's NeedleGenerated.swift).",
        subcommands: [GenerateNeedleCommand.self])
}

struct GenerateNeedleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "needle",
        abstract: "Write an app's NeedleGenerated.swift, as needle's generator \(NeedleCodegen.needleVersion) writes it.",
        discussion: """
            The app is the one whose sources contain --output (an app target compiling it, or the app whose own \
            sources share its folder), unless --app names it. The file is written atomically, and only when its \
            content changes. When the app has a missing dependency nothing is written: the findings are printed \
            as `lint` prints them, and archlint exits 1.

            Components keep the order the existing file lists them in (needle's order is its directory \
            enumeration's, which differs between file systems); new ones follow in path order.

            --swift-version 6 writes the file for Swift 6 language mode (complete concurrency checking, and \
            `MainActor` default isolation where --default-isolation or a module's settings say so): needle's text \
            with isolation annotations (docs/needle-codegen.md). Without it, an existing file keeps its kind, and a \
            new one follows the app's settings (SWIFT_VERSION, SWIFT_STRICT_CONCURRENCY, \
            SWIFT_DEFAULT_ACTOR_ISOLATION, OTHER_SWIFT_FLAGS, in an Xcode project, an XcodeGen spec or a Tuist \
            manifest's settings:; a package's tools version, swiftLanguageModes and swiftSettings); \
            --swift-version 5 writes needle 0.25.1's text.

            A file whose providers, factories, registrations and key paths are what needle would write is current, \
            whatever needle version's layout it has (0.17 to 0.25.1), its order or its header: it is left as it is, \
            with a note naming the version its layout looks like. --upgrade rewrites it in needle \(NeedleCodegen.needleVersion)'s layout.

            --check writes nothing: it exits 1, prints a unified diff and lists the differences of substance when \
            the file differs in substance. --stdout prints the file instead. Bad input (an output outside PATH or \
            in no app, an unknown --app) exits 2.
            """)

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .long, help: ArgumentHelp("The NeedleGenerated.swift to write.", valueName: "file"))
    var output: String

    @Option(name: .long, help: ArgumentHelp("The app (its module id) to generate for.", valueName: "name"))
    var app: String?

    @Flag(name: .long, help: "Write nothing; exit 1 with a unified diff when the file differs.")
    var check = false

    @Flag(name: .customLong("stdout"), help: "Print the file instead of writing it.")
    var standardOutput = false

    @Flag(name: .long, help: "Replace --output even when it isn't a generated Needle file.")
    var force = false

    @Flag(name: .long, help: "Rewrite a file that is current in substance but in an older needle's layout, order or header.")
    var upgrade = false

    @Option(name: .customLong("additional-imports"), parsing: .upToNextOption,
            help: ArgumentHelp("needle's --additional-imports: statements (or module names) added after the sorted imports.", valueName: "import"))
    var additionalImports: [String] = []

    @Option(name: .customLong("header-doc"), help: ArgumentHelp("needle's --header-doc: a file whose text starts the output.", valueName: "file"))
    var headerDoc: String?

    @Option(name: .customLong("exclude-suffixes"), parsing: .upToNextOption,
            help: ArgumentHelp("needle's --exclude-suffixes: file names (without .swift) ending so are not read.", valueName: "suffix"))
    var excludeSuffixes: [String] = []

    @Option(name: .customLong("exclude-paths"), parsing: .upToNextOption,
            help: ArgumentHelp("needle's --exclude-paths: files whose path contains one of these are not read.", valueName: "path"))
    var excludePaths: [String] = []

    @Flag(name: .long, inversion: .prefixedNo,
          help: "needle's --pluginized (non-core and pluginized components, the dependencies hash). Default: on when the app has a pluginized component.")
    var pluginized: Bool?

    @Option(name: .customLong("swift-version"),
            help: ArgumentHelp("5 (needle 0.25.1's text) or 6 (with isolation annotations). Default: the app's settings.", valueName: "version"))
    var swiftVersion: String?

    @Option(name: .customLong("default-isolation"),
            help: ArgumentHelp("MainActor or nonisolated: the default isolation the output is written for. Default: each module's settings.", valueName: "isolation"))
    var defaultIsolation: String?

    func validate() throws {
        try analysis.validate()
        if let swiftVersion, Int(swiftVersion).map(NeedleSwiftMode.knownLanguageModes.contains) != true {
            throw ValidationError("--swift-version \(swiftVersion) is not one archlint writes for; use 5 or 6.")
        }
        if let defaultIsolation, !["MainActor", "nonisolated"].contains(defaultIsolation) {
            throw ValidationError("--default-isolation \(defaultIsolation) is not an isolation; use MainActor or nonisolated.")
        }
        try PathOptions.requireNonEmpty(("--output", output), ("--header-doc", headerDoc))
        if check && standardOutput { throw ValidationError("--check and --stdout exclude each other.") }
        if upgrade && (check || standardOutput) { throw ValidationError("--upgrade writes the file; it excludes --check and --stdout.") }
    }

    func run() throws {
        var header: String?
        if let headerDoc {
            switch analysis.fileGuard(for: headerDoc).read(headerDoc, limit: 1 << 20) {
            case .success(let bytes): header = String(decoding: bytes, as: UTF8.self)
            case .failure(let error): throw CommandFailure(message: "error: cannot read --header-doc \(headerDoc): \(error)")
            }
        }
        var request = NeedleGenerationRequest(
            root: analysis.path, output: output, app: app,
            options: NeedleCodegenOptions(
                additionalImports: additionalImports, headerDoc: header, excludedSuffixes: excludeSuffixes,
                excludedPaths: excludePaths, pluginized: pluginized),
            mode: check ? .check : standardOutput ? .standardOutput : .write,
            analyzer: analysis.analyzerOptions)
        request.force = force
        request.swiftVersion = swiftVersion.flatMap { Int($0) }
        request.defaultIsolation = defaultIsolation
        request.upgrade = upgrade
        let outcome = NeedleGeneration.run(request)
        if !outcome.standardOutput.isEmpty { FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8)) }
        if !outcome.standardError.isEmpty { FileHandle.standardError.write(Data(outcome.standardError.utf8)) }
        if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
    }
}
