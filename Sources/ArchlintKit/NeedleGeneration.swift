import ArchlintModel
import Foundation
import Graphs
import NeedleCodegen
import Rules
import Reporting
import SystemSupport
import Workspace

/// `archlint generate needle`: one app's NeedleGenerated.swift from the same analysis `lint` runs.
public struct NeedleGenerationRequest: Sendable {
    public enum Mode: Sendable {
        /// Write the file when its content changes (atomically).
        case write
        /// Write nothing; a file that differs is a failure, shown as a unified diff.
        case check
        /// Print the file instead of writing it.
        case standardOutput
    }

    public var root: String
    /// The generated file, as given (relative to the current directory, or absolute).
    public var output: String
    public var app: String?
    public var options: NeedleCodegenOptions
    public var mode: Mode
    public var analyzer: AnalyzerOptions
    /// Replace `output` even when it isn't a generated Needle file.
    public var force = false
    /// `--swift-version` (5 or 6); nil: the app's settings say.
    public var swiftVersion: Int?
    /// `--default-isolation` (`MainActor` or `nonisolated`); nil: each module's settings say.
    public var defaultIsolation: String?
    /// Rewrite a file whose content is current in needle 0.25.1's layout (by default a file that differs only in
    /// layout, order or header is left as it is).
    public var upgrade = false

    public init(
        root: String, output: String, app: String? = nil, options: NeedleCodegenOptions = NeedleCodegenOptions(),
        mode: Mode = .write, analyzer: AnalyzerOptions = AnalyzerOptions()
    ) {
        self.root = root
        self.output = output
        self.app = app
        self.options = options
        self.mode = mode
        self.analyzer = analyzer
    }
}

/// How a generation ended: what to print and the exit status (0 done or up to date, 1 findings or a stale
/// file under `--check`, 2 bad input).
public struct NeedleGenerationOutcome: Sendable, Equatable {
    public var exitCode: Int32
    public var standardOutput: String
    public var standardError: String
}

public enum NeedleGeneration {
    /// The largest generated file archlint reads back (needle's largest outputs are a few MB).
    static let maximumFileBytes = 64 << 20

    public static func run(_ request: NeedleGenerationRequest) -> NeedleGenerationOutcome {
        func failure(_ message: String, _ code: Int32 = 2) -> NeedleGenerationOutcome {
            NeedleGenerationOutcome(exitCode: code, standardOutput: "", standardError: message + "\n")
        }
        guard let relative = relativePath(of: request.output, under: request.root) else {
            return failure("error: --output \(request.output) is outside \(request.root); the generated file must be one of its app's sources.")
        }
        let absolute = absolutePath(request.output)
        // Read and written inside the root only: a committed file that is a symlink out of the repository is
        // never printed in --check's diff, nor replaced.
        let fileGuard = FileGuard(root: request.root, allowsOutside: request.analyzer.allowOutsideRoot)
        var existing: String?
        switch fileGuard.read(absolute, limit: maximumFileBytes) {
        case .success(let bytes): existing = String(decoding: bytes, as: UTF8.self)
        case .failure(let error) where error.isMissing: existing = nil
        case .failure(let error): return failure("error: cannot read \(request.output): \(error)")
        }
        if request.mode == .write, let existing, !request.force, !existing.isEmpty,
           !FileKind.needleGenerated.recognizes(Array(existing.utf8)) {
            return failure(
                "error: cannot write \(request.output): it exists and is not \(FileKind.needleGenerated.name); archlint "
                    + "replaces only its own files (--force replaces it)")
        }
        let generation: Generation
        switch generate(request, relative: relative, existing: existing) {
        case .success(let result): generation = result
        case .failure(let message): return failure(message.text)
        }
        guard let text = generation.text else {
            return NeedleGenerationOutcome(exitCode: 1, standardOutput: generation.findings, standardError: generation.note)
        }
        var outcome = write(text, generation: generation, request: request, relative: relative, absolute: absolute,
                            existing: existing, fileGuard: fileGuard)
        // The mode an assumption chose is said whatever happens to the file.
        outcome.standardError = generation.note + outcome.standardError
        return outcome
    }

    private static func write(
        _ text: String, generation: Generation, request: NeedleGenerationRequest, relative: String, absolute: String,
        existing: String?, fileGuard: FileGuard
    ) -> NeedleGenerationOutcome {
        func failure(_ message: String, _ code: Int32 = 2) -> NeedleGenerationOutcome {
            NeedleGenerationOutcome(exitCode: code, standardOutput: "", standardError: message + "\n")
        }
        let appLabel = generation.appLabel
        switch request.mode {
        case .standardOutput:
            return NeedleGenerationOutcome(exitCode: 0, standardOutput: text, standardError: "")
        case .check:
            guard existing != text else {
                return NeedleGenerationOutcome(exitCode: 0, standardOutput: "", standardError: "\(relative) is up to date.\n")
            }
            if let existing, let note = currentInSubstance(existing: existing, generated: text, relative: relative) {
                return NeedleGenerationOutcome(exitCode: 0, standardOutput: "", standardError: note)
            }
            let diff = UnifiedDiff.make(
                old: existing ?? "", new: text, oldName: "a/\(relative)", newName: "b/\(relative)")
            let what = existing == nil ? "does not exist" : "differs from what needle would generate for \(appLabel)"
            let differences = existing.map { differenceList(existing: $0, generated: text) } ?? ""
            return NeedleGenerationOutcome(
                exitCode: 1, standardOutput: diff,
                standardError: "error: \(relative) \(what); run `archlint generate needle --output \(request.output)` to update it.\n"
                    + differences)
        case .write:
            CrashContext.setPhase("writing")
            guard existing != text else {
                return NeedleGenerationOutcome(exitCode: 0, standardOutput: "", standardError: "\(relative) is up to date.\n")
            }
            if !request.upgrade, let existing, !existing.isEmpty,
               let note = currentInSubstance(existing: existing, generated: text, relative: relative) {
                return NeedleGenerationOutcome(exitCode: 0, standardOutput: "", standardError: note)
            }
            do {
                try fileGuard.write(Array(text.utf8), to: absolute, kind: .needleGenerated, force: request.force)
            } catch {
                return failure("error: cannot write \(request.output): \(error)")
            }
            return NeedleGenerationOutcome(exitCode: 0, standardOutput: "", standardError: "Wrote \(relative) for \(appLabel).\n")
        }
    }

    /// The note for an existing file whose providers, factories, registrations and key paths are what would be
    /// generated (it differs in layout, order or header only); nil when its content differs.
    static func currentInSubstance(existing: String, generated: String, relative: String) -> String? {
        let content = NeedleFileContent(existing)
        guard content.differences(from: NeedleFileContent(generated)).isEmpty else { return nil }
        guard let version = NeedleLayout.olderVersion(of: existing) else {
            return "\(relative) is up to date (it differs only in order or header).\n"
        }
        return "note: \(relative) is up to date: its \(content.substance) are what needle "
            + "\(NeedleCodegen.needleVersion) writes; its layout is needle \(version)'s (`archlint generate needle "
            + "--upgrade` rewrites it in \(NeedleCodegen.needleVersion)'s).\n"
    }

    /// Why the existing file has providers that needle 0.25.1 won't write: an older needle read internal ones.
    static func olderNeedleNote(_ missing: [Diagnostic], existing: String?) -> String {
        guard missing.contains(where: { $0.severity == .warning }), let existing,
              let version = NeedleLayout.olderVersion(of: existing) else { return "" }
        return "note: the existing file is in needle \(version)'s layout; needle up to 0.23 read a component's internal "
            + "properties, 0.24 and later don't.\n"
    }

    /// Why the app builds where needle 0.25.1 fails: its own needle, older than 0.24, reads a component's internal
    /// body properties, which 0.25.1 (what archlint writes) doesn't.
    static func ownNeedleNote(_ findings: [Diagnostic], rule: NeedleProviderRule) -> String {
        guard rule.readsInternalBodyProperties, findings.contains(where: { $0.rule == MissingDependencyRule.description.id })
        else { return "" }
        return "note: this app's own needle (\(rule.assumption)) reads internal properties of a component's body, so "
            + "its build accepts them; needle \(NeedleCodegen.needleVersion), which archlint writes for, reads only "
            + "`public` ones: make the properties these requirements need `public` and \(NeedleCodegen.needleVersion) "
            + "generates the file.\n"
    }

    /// The differences of substance, one line each (at most 20).
    static func differenceList(existing: String, generated: String) -> String {
        let differences = NeedleFileContent(existing).differences(from: NeedleFileContent(generated))
        guard !differences.isEmpty else { return "" }
        var lines = differences.prefix(20).map { "  \($0.text)\n" }
        if differences.count > 20 { lines.append("  and \(differences.count - 20) more\n") }
        return lines.joined()
    }

    struct Message: Error {
        var text: String
    }

    /// What generating gave, stored in the cache: the text, or the findings that stopped it.
    struct Generation: Codable {
        var appLabel: String
        var text: String?
        var findings: String
        var note: String
    }

    static let cacheFileName = "needle-generate.cache"

    /// The generation, answered from the cache when the tree (the existing file included) and the request are
    /// the same as last time's, else from a full analysis.
    static func generate(_ request: NeedleGenerationRequest, relative: String, existing: String?) -> Result<Generation, Message> {
        let configuration: ArchlintConfiguration
        do {
            configuration = try Analyzer.configuration(root: request.root, options: request.analyzer)
        } catch {
            return .failure(Message(text: "error: \(error)"))
        }
        let scanner = WorkspaceScanner(options: request.analyzer.scan)
        let store = ResultCache(options: request.analyzer.scan, root: request.root, fileName: cacheFileName)
        let salt = LintFindings.storageSalt(root: request.root, configuration: configuration).map { base in
            base + "|needle \(NeedleCodegen.needleVersion)|\(relative)|\(request.app ?? "")|\(request.options)"
                + "|swift \(request.swiftVersion.map(String.init) ?? "")|\(request.defaultIsolation ?? "")"
        }
        let probe = store == nil || salt == nil ? nil : scanner.probe(root: request.root, configuration: configuration)
        if let store, let salt, let fingerprint = probe?.fingerprint, let bytes = store.load(fingerprint: fingerprint, salt: salt),
           let stored = try? JSONDecoder().decode(Generation.self, from: Data(bytes)) {
            return .success(stored)
        }
        let analysis: ArchitectureAnalysis
        do {
            analysis = try Analyzer.analyze(root: request.root, scanner: scanner, configuration: configuration, probe: probe)
        } catch {
            return .failure(Message(text: "error: \(error)"))
        }
        let result = generate(request, relative: relative, existing: existing, analysis: analysis)
        if case .success(let generation) = result, let store, let salt, let fingerprint = analysis.fingerprint,
           let bytes = try? JSONEncoder().encode(generation) {
            store.save(Array(bytes), fingerprint: fingerprint, salt: salt)
        }
        return result
    }

    static func generate(
        _ request: NeedleGenerationRequest, relative: String, existing: String?, analysis: ArchitectureAnalysis
    ) -> Result<Generation, Message> {
        let workspace = analysis.workspace
        let apps = NeedleApps.all(workspace, moduleGraph: analysis.moduleGraph)
        let app: NeedleApp
        if let name = request.app {
            guard let named = apps.first(where: { $0.name == name }) else {
                let known = apps.compactMap(\.name)
                let list = known.isEmpty ? "this workspace has no app target" : "apps: \(known.joined(separator: ", "))"
                return .failure(Message(text: "error: --app \(name) is not an app of \(request.root) (\(list))."))
            }
            app = named
        } else {
            let candidates = NeedleApps.containing(relative, in: apps, workspace: workspace)
            switch candidates.count {
            case 1: app = candidates[0]
            case 0:
                return .failure(Message(text: "error: \(relative) is in no known app: no app compiles it or has sources in its folder. Name the app with --app (\(apps.compactMap(\.name).joined(separator: ", ")))."))
            default:
                return .failure(Message(text: "error: \(relative) belongs to several apps (\(candidates.compactMap(\.name).joined(separator: ", "))); choose one with --app."))
            }
        }

        // Missing dependencies `lint` reports in this app's Needle world stop the generation, as needle stops on
        // them (an internal provider needle 0.25.1 doesn't read is a warning there, and stops it too); another
        // app's world never does, even through a file both compile.
        let appFiles = Set(app.files.map(\.path))
        let missing = analysis.filtered().reported.filter { diagnostic in
            guard diagnostic.rule == MissingDependencyRule.description.id, diagnostic.severity >= .warning else { return false }
            if let scope = MissingDependencyRule.scope(of: diagnostic) { return scope == app.name }
            return appFiles.contains(diagnostic.location.file)
        }
        if !missing.isEmpty {
            return .success(Generation(
                appLabel: app.label, text: nil, findings: TextReporter.lines(for: missing, root: workspace.root),
                note: "error: \(app.label) has \(missing.count) missing dependenc\(missing.count == 1 ? "y" : "ies") for needle "
                    + "\(NeedleCodegen.needleVersion); \(relative) was not written.\n" + olderNeedleNote(missing, existing: existing)))
        }
        CrashContext.setPhase("needle generation")
        var options = request.options
        let settings = NeedleApps.swiftSettings(of: app, in: workspace)
        var assumption: String?
        if options.swiftMode == nil {
            let mode = NeedleSwiftMode.resolve(
                languageMode: request.swiftVersion, defaultIsolation: request.defaultIsolation, settings: settings,
                existing: existing)
            options.swiftMode = mode
            assumption = NeedleSwiftMode.assumption(
                languageMode: request.swiftVersion, defaultIsolation: request.defaultIsolation, settings: settings,
                existing: existing, chosen: mode, app: app.label)
        }
        let result = NeedleCodegen.generate(
            workspace: NeedleApps.workspace(of: app, in: workspace), options: options, existing: existing,
            readFile: { path in try? RegularFile.read(workspace.root + "/" + path, limit: maximumFileBytes).get() })
        guard let text = result.text else {
            return .success(Generation(
                appLabel: app.label, text: nil, findings: TextReporter.lines(for: result.findings, root: workspace.root),
                note: "error: needle's generator would fail on \(app.label); \(relative) was not written.\n"
                    + ownNeedleNote(result.findings, rule: NeedleApps.providerRule(
                        of: app, in: workspace, moduleGraph: analysis.moduleGraph))))
        }
        return .success(Generation(appLabel: app.label, text: text, findings: "", note: assumption ?? ""))
    }

    static func absolutePath(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    /// The path relative to the root, `/`-separated; nil outside it.
    static func relativePath(of path: String, under root: String) -> String? {
        let file = absolutePath(path)
        var base = absolutePath(root)
        if !base.hasSuffix("/") { base += "/" }
        guard file.hasPrefix(base), file.count > base.count else { return nil }
        return String(file.dropFirst(base.count))
    }
}
