import ArchlintModel
import SwiftSyntax
import SyntaxSupport

/// PackageDescription's own factory calls: `.target(…)`, `.library(…)`, `.package(…)`, `.product(…)`, ….
extension ManifestEvaluator {
    private static let targetFactories: [String: TargetKind] = [
        "target": .regular, "executableTarget": .executable, "testTarget": .test, "macro": .macro,
        "plugin": .plugin, "systemLibrary": .systemLibrary, "binaryTarget": .binary,
    ]
    private static let productFactories: [String: ProductDecl.Kind] = [
        "library": .library, "executable": .executable, "plugin": .plugin,
        // AppleProductTypes (Swift Playgrounds apps) build an executable.
        "iOSApplication": .executable,
    ]
    /// `Target.Dependency` factories, with PackageDescription's `…Item` spellings of the same cases.
    private static let dependencyFactories: [String: TargetDependencyDecl.Kind] = [
        "target": .target, "targetItem": .target, "product": .product, "productItem": .product,
        "byName": .byName, "byNameItem": .byName,
    ]
    /// Types whose factories these are, as a call's base may spell them (`Target.target(…)`).
    private static let factoryOwners: Set<String> = [
        "Target", "Product", "Package.Dependency", "Target.Dependency", "Self",
    ]

    /// Decodes `call` when it is a PackageDescription factory for `kind`; nil otherwise.
    func builtin(_ call: FunctionCallExprSyntax, as kind: ValueKind, in scope: Scope?) -> Evaluation? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base, !Self.factoryOwners.contains(TypeName.normalized(base.trimmedDescription)) {
            return nil
        }
        let name = member.declName.baseName.text
        switch kind {
        case .target:
            guard let targetKind = Self.targetFactories[name] else { return nil }
            return target(call, kind: targetKind, in: scope)
        case .product:
            guard let productKind = Self.productFactories[name] else { return nil }
            return product(call, kind: productKind, in: scope)
        case .packageDependency:
            guard name == "package" else { return nil }
            return packageDependency(call, in: scope)
        case .targetDependency:
            guard Self.dependencyFactories[name] != nil else { return nil }
            return targetDependency(call, factory: name, in: scope)
        case .string:
            return nil
        }
    }

    // MARK: Targets

    private func target(_ call: FunctionCallExprSyntax, kind: TargetKind, in scope: Scope?) -> Evaluation {
        guard let nameArgument = argument("name", of: call) else {
            return unresolved(call, as: .target, because: "a target without a `name:` archlint can read")
        }
        let names = strings(nameArgument, in: scope)
        guard !names.strings.isEmpty else { return .unresolved }

        var dependencies: [TargetDependencyDecl] = []
        var unreadDependencies: [ProjectIssue] = []
        var complete = names.isComplete
        if let argument = argument("dependencies", of: call) {
            let (evaluated, met) = collectingIssues { list(OperandSequence(argument), as: .targetDependency, in: scope) }
            complete = complete && evaluated.isComplete
            if !evaluated.isComplete {
                // Something in the list was left out without an issue of its own (a name that is no constant):
                // say so where the list is.
                unreadDependencies = met.isEmpty ? [unreadList(argument, of: names.strings[0].text)] : met
            }
            dependencies = evaluated.values.compactMap {
                if case .targetDependency(let dependency) = $0 { return dependency }
                return nil
            }
        }
        let pathArgument = argument("path", of: call)
        let path = pathArgument.flatMap { singleString($0, label: "path", in: scope) }
        if let path, let pathArgument, let problem = Self.pathProblem(path) {
            report("target '\(names.strings[0].text)' has path \"\(path)\", \(problem); SwiftPM requires a target's path "
                   + "inside the package directory, and archlint maps no files outside the scanned root to it — write it "
                   + "relative to the package directory, without leaving it", at: pathArgument)
        }
        let exclude = argument("exclude", of: call).map { fileList($0, label: "exclude", in: scope) } ?? []
        let sources = argument("sources", of: call).map { fileList($0, label: "sources", in: scope) }
        let swiftSettings = argument("swiftSettings", of: call).flatMap {
            ManifestSwiftSettings.targetSettings($0, program: program)
        }

        let (line, column) = position(of: call)
        let targets = names.strings.map { name in
            var target = TargetDecl(
                name: name.text, kind: kind, dependencies: dependencies, path: path, exclude: exclude,
                sources: sources, condition: name.condition, line: line, column: column)
            target.unreadDependencies = unreadDependencies
            target.swiftSettings = swiftSettings
            return ManifestValue.target(target)
        }
        return Evaluation(values: targets, isComplete: complete)
    }

    /// Reports a `dependencies:` list that evaluated incomplete without saying where, and returns the issue.
    private func unreadList(_ argument: ExprSyntax, of target: String) -> ProjectIssue {
        let issue = issue(
            "the `dependencies:` of target '\(target)' can't all be resolved statically, so the findings that "
                + "rest on them are withheld. Declare them with literals and constants, or run with `--manifests dump` to "
                + "evaluate the manifest exactly",
            at: argument)
        report(issue)
        return issue
    }

    /// Why a target `path:` can't be the package's own: absolute, or climbing out with `..`. Nil when it is fine.
    static func pathProblem(_ path: String) -> String? {
        if path.hasPrefix("/") { return "an absolute path" }
        var depth = 0
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                depth -= 1
                if depth < 0 { return "which leads outside the package directory" }
            default: depth += 1
            }
        }
        return nil
    }

    /// A single-valued string argument; several alternatives (from `#if`/`?:`) are reported, the first is used.
    private func singleString(_ expression: ExprSyntax, label: String, in scope: Scope?) -> String? {
        let values = strings(expression, in: scope).strings
        if values.count > 1 {
            let choices = values.map { "\"\($0.text)\"" }.joined(separator: ", ")
            report("`\(label):` has several possible values (\(choices)) depending on conditions; archlint uses the "
                   + "first. Use `--manifests dump` to evaluate the manifest exactly", at: expression)
        }
        return values.first?.text
    }

    /// `exclude:`/`sources:` entries. They carry no condition in the facts, so conditional entries that could
    /// name Swift sources (a `.swift` file or a directory) are reported: archlint applies all of them.
    private func fileList(_ expression: ExprSyntax, label: String, in scope: Scope?) -> [String] {
        let values = stringList(expression, in: scope).strings
        let conditional = values.filter { $0.condition != nil && Self.mayHoldSwiftSources($0.text) }
        if let first = conditional.first {
            report("`\(label):` entry \"\(first.text)\" only applies when `\(first.condition ?? "")`; archlint applies "
                   + "every `\(label):` entry. Use `--manifests dump` to evaluate the manifest exactly", at: expression)
        }
        var seen: Set<String> = []
        return values.map(\.text).filter { seen.insert($0).inserted }
    }

    private static func mayHoldSwiftSources(_ path: String) -> Bool {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return path.hasSuffix(".swift") || !last.contains(".")
    }

    // MARK: Products

    private func product(_ call: FunctionCallExprSyntax, kind: ProductDecl.Kind, in scope: Scope?) -> Evaluation {
        guard let nameArgument = argument("name", of: call) else {
            return unresolved(call, as: .product, because: "a product without a `name:` archlint can read")
        }
        let names = strings(nameArgument, in: scope)
        var complete = names.isComplete
        var targetNames: [String] = []
        if let targets = argument("targets", of: call) {
            let evaluated = stringList(targets, in: scope)
            complete = complete && evaluated.isComplete
            targetNames = evaluated.strings.map(\.text)
        }
        let (line, column) = position(of: call)
        let products = names.strings.map {
            ManifestValue.product(ProductDecl(name: $0.text, kind: kind, targets: targetNames, condition: $0.condition,
                                              line: line, column: column))
        }
        return Evaluation(values: products, isComplete: complete)
    }

    // MARK: Package dependencies

    private func packageDependency(_ call: FunctionCallExprSyntax, in scope: Scope?) -> Evaluation {
        let kind: PackageDependencyDecl.Kind
        let locationArgument: ExprSyntax
        if let url = argument("url", of: call) {
            kind = .url
            locationArgument = url
        } else if let path = argument("path", of: call) {
            kind = .path
            locationArgument = path
        } else if let id = argument("id", of: call) {
            kind = .registry
            locationArgument = id
        } else {
            return unresolved(call, as: .packageDependency, because: "a package dependency without `url:`, `path:` or `id:`")
        }
        let locations = strings(locationArgument, in: scope)
        let explicitName = argument("name", of: call).flatMap { singleString($0, label: "name", in: scope) }
        let requirementParts = call.arguments.filter {
            !["url", "path", "id", "name", "traits"].contains($0.label?.text ?? "")
        }
        let requirement = requirementParts.isEmpty ? nil
            : requirementParts.map { argument in
                let value = ManifestText.normalized(argument.expression)
                return argument.label.map { "\($0.text): \(value)" } ?? value
            }.joined(separator: ", ")
        let (line, column) = position(of: call)
        let dependencies = locations.strings.map { location in
            ManifestValue.packageDependency(PackageDependencyDecl(
                kind: kind, location: location.text,
                identity: explicitName ?? PackageIdentity.identity(of: location.text, kind: kind),
                requirement: requirement, condition: location.condition, line: line, column: column))
        }
        return Evaluation(values: dependencies, isComplete: locations.isComplete)
    }

    // MARK: Target dependencies

    private func targetDependency(_ call: FunctionCallExprSyntax, factory: String, in scope: Scope?) -> Evaluation {
        guard let nameArgument = argument("name", of: call) else {
            return unresolved(call, as: .targetDependency, because: "a dependency without a `name:` archlint can read")
        }
        let names = strings(nameArgument, in: scope)
        let packages = argument("package", of: call).map { strings($0, in: scope) }
        // `condition: nil` (as the `…Item` spellings are often written) is no condition.
        let condition = argument("condition", of: call).flatMap { $0.is(NilLiteralExprSyntax.self) ? nil : ManifestText.normalized($0) }
        let kind = Self.dependencyFactories[factory] ?? .byName
        let (line, column) = position(of: call)
        var values: [ManifestValue] = []
        for name in names.strings {
            for package in packages?.strings.map(Optional.some) ?? [nil] {
                let combined = ConditionText.and(ConditionText.and(name.condition, package?.condition), condition)
                values.append(.targetDependency(TargetDependencyDecl(
                    kind: kind, name: name.text, package: package?.text, condition: combined, line: line, column: column)))
            }
        }
        return Evaluation(values: values, isComplete: names.isComplete && (packages?.isComplete ?? true))
    }

    // MARK: Arguments

    func argument(_ label: String, of call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }
}
