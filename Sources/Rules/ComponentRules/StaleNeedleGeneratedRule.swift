import ArchlintModel
import Configuration
import Graphs
import NeedleCodegen

/// A committed NeedleGenerated.swift that differs from what archlint (and needle) would generate for its app.
public struct StaleNeedleGeneratedRule: Rule, RuleInputsProvider {
    public static let description = RuleDescription(
        id: "stale-needle-generated",
        name: "Stale NeedleGenerated.swift",
        summary: "A committed NeedleGenerated.swift that differs from what needle's generator would write for its app.",
        rationale: """
            The generated file is committed and rebuilt by a build phase; when a component, a Dependency property \
            or a `parent:` instantiation changes without the file being regenerated, the app registers stale \
            providers and fails at run time, or CI builds something no developer ran. archlint generates the file \
            from the same analysis as `archlint generate needle` (needle 0.25.1's output) and compares what the two \
            files register: each component path's provider and what it reads from which ancestor, and the key \
            paths. Only a difference there is reported, at the first path that differs. An older needle's layout \
            (0.17 to 0.25.0: `Registration` without `NeedleFoundation.`, no `[unowned self] in`, no \
            `@inline(never)`, closures instead of factories), another order of components, or another header is a \
            note naming the needle version the layout looks like. Fix it with \
            `archlint generate needle --output <file>` (`--upgrade` also rewrites a file that is current in an \
            older layout).
            """,
        defaultSeverity: .warning,
        group: .needle,
        triggeringExamples: StaleNeedleGeneratedExamples.triggering,
        nonTriggeringExamples: StaleNeedleGeneratedExamples.nonTriggering)

    public struct Options: RuleOptions {
        public var additionalImports: [String] = []
        public var excludeSuffixes: [String] = []
        public var excludePaths: [String] = []
        public init() {}
        public static let documentation = [
            "additionalImports": "needle's `--additional-imports` for every app (statements or module names).",
            "excludeSuffixes": "needle's `--exclude-suffixes`: file names (without `.swift`) ending so are not read.",
            "excludePaths": "needle's `--exclude-paths`: files whose path contains one of these are not read.",
        ]
    }

    public static let inputs = RuleInputs.needleRule

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        let generatedFiles = context.workspace.files.filter { $0.facts.isNeedleGenerated && $0.facts.generatedText != nil }
        guard !generatedFiles.isEmpty else { return [] }
        let settings = context.options(for: Self.self)
        let options = NeedleCodegenOptions(
            additionalImports: settings.additionalImports, excludedSuffixes: settings.excludeSuffixes,
            excludedPaths: settings.excludePaths)
        let apps = NeedleApps.all(context.workspace, moduleGraph: context.moduleGraph)
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        for file in generatedFiles where seen.insert(file.path).inserted {
            guard let committed = file.facts.generatedText else { continue }
            var stale: (app: NeedleApp, differences: [NeedleFileContent.Difference], line: Int)?
            var olderLayout: (version: String, substance: String)?
            var current = false
            for app in NeedleApps.containing(file.path, in: apps, workspace: context.workspace) {
                var appOptions = options
                appOptions.swiftMode = NeedleSwiftMode.resolve(
                    languageMode: nil, defaultIsolation: nil,
                    settings: NeedleApps.swiftSettings(of: app, in: context.workspace), existing: committed)
                let result = NeedleCodegen.generate(
                    workspace: NeedleApps.workspace(of: app, in: context.workspace), options: appOptions, existing: committed,
                    sharing: context.needleScopes.scopes.first { $0.kind == .app && $0.name == app.name }?.analysis ?? context.needle)
                // An app needle can't generate for has its findings from the Needle rules.
                guard let text = result.text, let textLine = Self.difference(committed: committed, generated: text) else {
                    current = true
                    break
                }
                let content = NeedleFileContent(committed)
                let differences = content.differences(from: NeedleFileContent(text))
                if differences.isEmpty {
                    // Current in substance: an older needle's layout, or another order or header.
                    guard let version = NeedleLayout.olderVersion(of: committed) else {
                        current = true
                        break
                    }
                    olderLayout = (version, content.substance)
                } else if stale == nil {
                    stale = (app, differences, textLine)
                }
            }
            if current { continue }
            if let (version, substance) = olderLayout {
                diagnostics.append(Diagnostic(
                    rule: Self.description.id, severity: .note,
                    message: "\(file.path) is current: its \(substance) are what "
                        + "needle \(NeedleCodegen.needleVersion) writes, in needle \(version)'s layout; "
                        + "`archlint generate needle --upgrade --output \(file.path)` rewrites it in \(NeedleCodegen.needleVersion)'s.",
                    location: SourceLocation(file: file.path, line: 1, column: 1),
                    module: file.module))
                continue
            }
            guard let (app, differences, textLine) = stale, let first = differences.first else { continue }
            let more = differences.count > 1 ? " (and \(differences.count - 1) more difference\(differences.count == 2 ? "" : "s"))" : ""
            let lines = committed.split(separator: "\n", omittingEmptySubsequences: false)
            // Where the file says it, else (a path it lacks) the first line that differs.
            let line = lines.firstIndex { $0.contains(first.anchor) }.map { $0 + 1 } ?? textLine
            diagnostics.append(Diagnostic(
                rule: Self.description.id,
                message: "\(file.path) differs in substance from what needle would generate for \(app.label): "
                    + "\(first.text)\(more); regenerate it with `archlint generate needle --output \(file.path)`.",
                location: SourceLocation(file: file.path, line: line, column: 1),
                module: file.module))
        }
        return diagnostics
    }

    /// The first differing line of the committed file, nil when it is what would be generated. Its header doc
    /// (whatever precedes the generated text) and its dependencies hash line are not compared.
    static func difference(committed: String, generated: String) -> Int? {
        let committedLines = masked(committed)
        let generatedLines = masked(generated)
        // Generated without a header doc, the text starts with two empty lines: align both at the line after them.
        let generatedBody = Array(generatedLines.dropFirst(2))
        if committedLines.count >= generatedBody.count,
           Array(committedLines.suffix(generatedBody.count)) == generatedBody {
            return nil
        }
        let start = committedLines.firstIndex { $0.hasPrefix("import ") || $0.hasPrefix("@") }
            ?? min(2, committedLines.count)
        let body = committedLines.dropFirst(start)
        for (offset, line) in body.enumerated() {
            if offset >= generatedBody.count || generatedBody[offset] != line { return start + offset + 1 }
        }
        return start + body.count + 1
    }

    private static let hashPrefix = "private let needleDependenciesHash : String? = "

    private static func masked(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(hashPrefix) ? Substring(hashPrefix) : line
        }
    }
}
