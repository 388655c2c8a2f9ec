import ArchlintModel
import SwiftParser
import SwiftSyntax
import SystemSupport

/// Reads a Package.swift statically, without running it: one parse, one pass over the top level, then a lazy,
/// memoised evaluation of the `Package(...)` arguments and everything that changes them later.
///
/// Every branch of `#if`, top-level `if` and `?:` is read (the union), with the branch condition kept on each
/// target, product and dependency. Whatever can't be resolved is a `ProjectIssue` at its line and column.
public enum ManifestReader {
    /// Reads on a thread of its own with a large stack, within `budget` (see `ManifestBudget`).
    public static func read(source: String, path: String, budget: ManifestBudget = .standard) -> ManifestFacts {
        onThread(stackBytes: budget.stackBytes) { readOnCurrentThread(source: source, path: path, budget: budget) }
    }

    static func readOnCurrentThread(source: String, path: String, budget: ManifestBudget) -> ManifestFacts {
        let limited = NestingLimiter.limit(source, maximumNesting: budget.maximumNesting,
                                           maximumAdjacentBrackets: budget.maximumAdjacentBrackets)
        // The limiter keeps nesting within the budget; the parser's own limit is a second guard.
        var parser = Parser(limited.source, maximumNestingLevel: budget.maximumNesting * 2 + 8)
        let tree = SourceFileSyntax.parse(from: &parser)
        var collector = ManifestCollector()
        collector.collect(tree.statements, condition: nil)
        let program = collector.program
        let evaluator = ManifestEvaluator(program: program, file: path, locations: limited.map, budget: budget)
        if let tooDeep = limited.firstTooDeep {
            let lines = tooDeep.line == limited.lastCutLine ? "part of line \(tooDeep.line)"
                : "lines \(tooDeep.line)-\(limited.lastCutLine)"
            let message = "archlint skipped \(lines) of this manifest: \(limited.reason) here; anything declared "
                + "there is missing from the module graph. " + ManifestBudget.advice
            evaluator.report(evaluator.issue(message, line: tooDeep.line, column: tooDeep.column))
        }

        var facts = ManifestFacts(path: path)
        if let call = program.packageCall {
            read(call, into: &facts, evaluator: evaluator)
            let modes = (evaluator.argument("swiftLanguageModes", of: call) ?? evaluator.argument("swiftLanguageVersions", of: call))
                .flatMap { ManifestSwiftSettings.languageMode(of: $0, program: program) }
            if let mode = modes ?? ManifestSwiftSettings.toolsVersionMode(source) {
                facts.swiftSettings = SwiftLanguageSettings(languageMode: mode, source: path)
            }
        } else {
            evaluator.report(
                "no `Package(...)` declaration found, so this manifest declares no targets archlint can read; "
                    + "check that it is a Swift package manifest, or use `--manifests dump`",
                at: tree)
        }
        // A change to `dependencies` in code archlint doesn't run may touch any target's list.
        var dependencyChanges: [ProjectIssue] = []
        MutationScanner(program: program, consumedNames: evaluator.consumedNames).scan { node, message, changed in
            evaluator.report(message, at: node)
            if changed.hasSuffix("dependencies") { dependencyChanges.append(evaluator.issue(message, at: node)) }
        }
        for index in facts.targets.indices { facts.targets[index].unreadDependencies += dependencyChanges }
        if let error = SyntaxErrorLocator.firstError(in: tree) {
            evaluator.report(
                "Package.swift has a syntax error here; archlint read what it could. Fix the manifest (or check it "
                    + "with `swift package dump-package`)",
                at: error)
        }
        facts.unresolved = evaluator.issues.sorted { ($0.line, $0.column, $0.message) < ($1.line, $1.column, $1.message) }
        if evaluator.issuesLeftOut > 0, let last = facts.unresolved.last {
            facts.unresolved.append(evaluator.issue(
                "\(evaluator.issuesLeftOut) more constructs of this manifest can't be resolved statically; archlint "
                    + "lists the first \(budget.maximumIssues). Simplify the manifest, or run with `--manifests dump`",
                line: last.line, column: last.column))
        }
        return facts
    }

    private static func read(_ call: FunctionCallExprSyntax, into facts: inout ManifestFacts, evaluator: ManifestEvaluator) {
        if let nameArgument = evaluator.argument("name", of: call) {
            let names = evaluator.strings(nameArgument, in: nil).strings
            facts.packageName = names.first?.text
            if names.count > 1 {
                evaluator.report("the package name has several possible values depending on conditions; archlint uses "
                                 + "\"\(names[0].text)\"", at: nameArgument)
            }
        } else {
            evaluator.report("`Package(...)` has no `name:` argument", at: call)
        }
        let targets = list("targets", as: .target, evaluator: evaluator).compactMap { value -> TargetDecl? in
            if case .target(let target) = value { return target }
            return nil
        }
        for (duplicate, first) in ManifestMerging.duplicateTargets(targets) {
            evaluator.report(evaluator.issue(
                "target '\(duplicate.name)' is declared again here (first at line \(first.line)); SwiftPM rejects "
                    + "duplicate target names, and archlint merges both declarations into one module — rename or remove one",
                line: duplicate.line, column: duplicate.column))
        }
        facts.targets = ManifestMerging.mergeTargets(targets)
        facts.products = ManifestMerging.unique(list("products", as: .product, evaluator: evaluator).compactMap {
            if case .product(let product) = $0 { return product }
            return nil
        })
        facts.dependencies = ManifestMerging.unique(list("dependencies", as: .packageDependency, evaluator: evaluator).compactMap {
            if case .packageDependency(let dependency) = $0 { return dependency }
            return nil
        })
    }

    /// `package.targets` and friends: the `Package(...)` argument plus every later `+=`/`append`.
    private static func list(_ member: String, as kind: ValueKind, evaluator: ManifestEvaluator) -> [ManifestValue] {
        let key = ManifestProgram.packageKey(member)
        guard evaluator.program.binding(key) != nil else { return [] }
        return evaluator.binding(key, as: kind, asList: true).values
    }
}
