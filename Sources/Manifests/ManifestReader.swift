import ArchlintModel
import SwiftSyntax
import SystemSupport

/// Reads a Package.swift statically, without compiling it: the manifest interpreter runs its top-level code in
/// order (`ManifestDialect.package`), then `PackageBuilder` reads the `Package(...)` it made.
///
/// A branch on the environment or on files (`#if`, `if`, `?:`) is read on every side, with its condition kept on
/// each target, product and dependency. Whatever can't be evaluated is a `ProjectIssue` at its line and column.
public enum ManifestReader {
    /// Reads on a thread of its own with a large stack, within `budget` (see `ManifestBudget`).
    public static func read(source: String, path: String, budget: ManifestBudget = .standard) -> ManifestFacts {
        onThread(stackBytes: budget.stackBytes) { readOnCurrentThread(source: source, path: path, budget: budget) }
    }

    static func readOnCurrentThread(source: String, path: String, budget: ManifestBudget) -> ManifestFacts {
        let sources = TuistSources(budget: budget)
        let file = sources.parse(path, text: source)
        var declarations = TuistDeclarations()
        declarations.collectTypeAliases(file.tree.statements)
        declarations.collect(file.tree.statements, file: path, topLevel: true)
        let interpreter = TuistInterpreter(declarations: declarations, sources: sources, budget: budget,
                                           manifestFile: path, alreadyReported: [], dialect: .package)
        let aborted = interpreter.runManifest(file.tree.statements)
        var builderIssues: [ProjectIssue] = []
        let builder = PackageBuilder(path: path, sources: sources) { message, site in
            let issue = ProjectIssue(file: site.file, message: message, line: site.line, column: site.column)
            builderIssues.append(issue)
            return issue
        }
        var facts = ManifestFacts(path: path)
        if let packages = packages(in: interpreter.globals), let package = packages.first {
            builder.facts(of: packages, into: &facts)
            for index in facts.targets.indices { facts.targets[index].unreadDependencies += interpreter.referenceChanges }
            facts.targets = facts.targets.map { target in
                var target = target
                target.unreadDependencies = TuistProjectBuilder.unique(target.unreadDependencies)
                return target
            }
            let modes = (package.argument("swiftLanguageModes") ?? package.argument("swiftLanguageVersions"))
                .flatMap(ManifestSwiftSettings.languageMode)
            if let mode = modes ?? ManifestSwiftSettings.toolsVersionMode(source) {
                facts.swiftSettings = SwiftLanguageSettings(languageMode: mode, source: path)
            }
        } else if aborted != nil {
            // The evaluation stopped before the package was made: that issue says why.
        } else if let why = interpreter.globals.variables["package"]?.unread {
            // `let package = makePackage()`: why it is unknown was reported where it was met.
            builderIssues += why.issues.isEmpty ? [noPackage(path, in: sources)] : []
        } else {
            // Not a package manifest (or not Swift at all): that is the one thing to fix.
            facts.unresolved = [noPackage(path, in: sources)] + sources.syntaxIssues(of: path, dialect: .package)
            return facts
        }
        var issues = sources.syntaxIssues(of: path, dialect: .package) + interpreter.issues
        for issue in builderIssues where !issues.contains(issue) { issues.append(issue) }
        if let aborted { issues.append(aborted) }
        facts.unresolved = issues.sorted { ($0.line, $0.column, $0.message) < ($1.line, $1.column, $1.message) }
        if interpreter.issuesLeftOut > 0, let last = facts.unresolved.last {
            facts.unresolved.append(ProjectIssue(
                file: path, message: "\(interpreter.issuesLeftOut) more constructs of this manifest can't be resolved "
                    + "statically; archlint lists the first \(budget.maximumIssues). Simplify the manifest, or run with "
                    + "`--manifests dump`", line: last.line, column: last.column))
        }
        return facts
    }

    /// The `Package(…)` the manifest made: `package`'s, else the first global (by name) holding one; once, or once in
    /// each clause of an `#if`.
    private static func packages(in globals: TuistFrame) -> [TuistConstruct]? {
        globals.variables(preferring: "package").lazy.map { $0.expanded.compactMap(\.construct) }
            .first { !$0.isEmpty && $0.allSatisfy { $0.name == "Package" } }
    }

    /// Reported at the manifest's first token.
    private static func noPackage(_ path: String, in sources: TuistSources) -> ProjectIssue {
        let first = sources.files[path]?.tree.firstToken(viewMode: .sourceAccurate)
        let (line, column) = first.map { sources.position(of: $0, in: path) } ?? (1, 1)
        return ProjectIssue(file: path, message: "no `Package(...)` declaration found, so this manifest declares no targets "
                            + "archlint can read; check that it is a Swift package manifest, or use `--manifests dump`",
                            line: line, column: column)
    }
}
