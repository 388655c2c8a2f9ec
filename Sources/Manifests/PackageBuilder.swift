import ArchlintModel
import SwiftSyntax
import SyntaxSupport

/// Reads an evaluated `Package(…)` into `ManifestFacts`: PackageDescription's factories (`.target(…)`,
/// `.library(…)`, `.package(…)`, `.product(…)`) are `TuistConstruct`s the interpreter made; each alternative of a
/// value (`#if`, `?:`, `if` on the environment) is one declaration under its condition.
struct PackageBuilder {
    let path: String
    let sources: TuistSources
    /// Reports an issue at a site, and returns it.
    let report: (String, TuistSite) -> ProjectIssue

    static let targetFactories: [String: TargetKind] = [
        "target": .regular, "executableTarget": .executable, "testTarget": .test, "macro": .macro,
        "plugin": .plugin, "systemLibrary": .systemLibrary, "binaryTarget": .binary,
    ]
    static let productFactories: [String: ProductDecl.Kind] = [
        "library": .library, "executable": .executable, "plugin": .plugin,
        // AppleProductTypes (Swift Playgrounds apps) build an executable.
        "iOSApplication": .executable,
    ]
    /// `Target.Dependency` factories, with PackageDescription's `…Item` spellings of the same cases.
    static let dependencyFactories: [String: TargetDependencyDecl.Kind] = [
        "target": .target, "targetItem": .target, "product": .product, "productItem": .product,
        "byName": .byName, "byNameItem": .byName,
    ]

    /// What a target's change may alter in the module graph (a settings change doesn't).
    static let graphMembers: Set<String> = ["targets", "dependencies", "products", "name", "path", "exclude", "sources"]

    /// The package's facts. `packages` holds one `Package(…)`, or one per `#if` clause that declares it.
    func facts(of packages: [TuistConstruct], into facts: inout ManifestFacts) {
        guard let package = packages.first else { return }
        if let name = given(package, "name") {
            let names = strings(name, at: site(of: "name", in: package))
            facts.packageName = names.first?.text
            if names.count > 1 {
                _ = report("the package name has several possible values depending on conditions; archlint uses "
                           + "\"\(names[0].text)\"", names[0].site)
            }
        } else {
            _ = report("`Package(...)` has no `name:` argument", package.site)
        }
        func each<T>(_ label: String, _ read: (TuistValue, TuistSite) -> [T]) -> [T] {
            packages.flatMap { package in
                let listSite = site(of: label, in: package)
                return list(given(package, label), at: listSite).flatMap { read($0.value, listSite) }
            }
        }
        let targets = each("targets", target)
        for (duplicate, first) in ManifestMerging.duplicateTargets(targets) {
            _ = report("target '\(duplicate.name)' is declared again here (first at line \(first.line)); SwiftPM rejects "
                       + "duplicate target names, and archlint merges both declarations into one module — rename or remove one",
                       TuistSite(file: path, line: duplicate.line, column: duplicate.column))
        }
        facts.targets = ManifestMerging.mergeTargets(targets)
        facts.products = ManifestMerging.unique(each("products", product))
        facts.dependencies = ManifestMerging.unique(each("dependencies", packageDependency))
    }

    // MARK: Values

    /// An argument as given: `nil` written out is the argument left out.
    private func given(_ construct: TuistConstruct, _ label: String) -> TuistValue? {
        guard let value = construct.argument(label) else { return nil }
        if case .null = value { return nil }
        return value
    }

    /// Where an argument's value is written; the call's site when it isn't.
    private func site(of label: String, in construct: TuistConstruct) -> TuistSite {
        guard let argument = construct.call?.arguments.first(where: { $0.label?.text == label }) else { return construct.site }
        let (line, column) = sources.position(of: argument.expression, in: path)
        return TuistSite(file: path, line: line, column: column)
    }

    /// A string value with its condition and where it was written.
    struct Text {
        var text: String
        var condition: String?
        var site: TuistSite
    }

    /// The elements of a list, each alternative of one with the condition that picks it (a construct carries the
    /// condition it was made under itself). A part read from the environment or files is reported at `site`.
    private func list(_ value: TuistValue?, at site: TuistSite, under condition: String? = nil) -> [(value: TuistValue, condition: String?)] {
        guard let value else { return [] }
        switch value {
        case .alternatives(let choices, _):
            return choices.flatMap { list($0.value, at: site, under: ConditionText.and(condition, $0.condition)) }
        case .array(let elements):
            return elements.flatMap { list($0, at: site, under: condition) }
        case .environment(let text):
            return [(.unknown(TuistUnread([buildTime(text, at: site)])), condition)]
        default:
            return [(value, condition)]
        }
    }

    /// The strings of a list, each under its condition.
    private func stringList(_ value: TuistValue, at site: TuistSite) -> [Text] {
        list(value, at: site).flatMap { element in
            strings(element.value, at: site).map {
                Text(text: $0.text, condition: ConditionText.and(element.condition, $0.condition), site: $0.site)
            }
        }
    }

    /// Every value a string may have; one archlint can't know is reported at `site` (unless it was already).
    private func strings(_ value: TuistValue?, at site: TuistSite) -> [Text] {
        guard let value else { return [] }
        switch value {
        case .alternatives(let choices, _):
            return choices.flatMap { choice in
                strings(choice.value, at: site).map {
                    Text(text: $0.text, condition: ConditionText.and(choice.condition, $0.condition), site: $0.site)
                }
            }
        case .environment(let text):
            _ = buildTime(text, at: site)
            return []
        case .unknown, .null:
            // Already reported where it was met; `nil` is an argument left out.
            return []
        default:
            guard let text = value.stringValue else {
                _ = report("a value archlint can't read as a string here; the declaration using it is missing from the "
                           + "module graph. Declare it with literals and constants, or run with `--manifests dump` to "
                           + "evaluate the manifest exactly", site)
                return []
            }
            return [Text(text: text, condition: nil, site: site)]
        }
    }

    /// A list element that isn't the declaration PackageDescription's list holds, reported unless archlint already
    /// said why it is unknown; nothing is read from it.
    private func unexpected<T>(_ value: TuistValue, _ what: String, in label: String, at listSite: TuistSite) -> [T] {
        guard value.unread == nil else { return [] }
        let written = value.construct.map { "`\($0.name)`" } ?? "a value"
        _ = report("\(written) in `\(label):` isn't a \(what) declaration archlint can read; it is missing from the module "
                   + "graph. Declare it with PackageDescription's own factories, or run with `--manifests dump` to "
                   + "evaluate the manifest exactly", value.construct?.site ?? listSite)
        return []
    }

    /// Reports a value only known when the manifest is compiled, used where archlint needs it.
    private func buildTime(_ text: String, at site: TuistSite) -> ProjectIssue {
        report("cannot evaluate `\(text)` statically (it reads the environment or files when the manifest is compiled); "
               + "the declaration using this value is missing from the module graph. Declare it with literals and "
               + "constants, or run with `--manifests dump` to evaluate the manifest exactly", site)
    }

    // MARK: Targets

    private func target(_ value: TuistValue, listedAt listSite: TuistSite) -> [TargetDecl] {
        guard let construct = value.construct, let kind = Self.targetFactories[construct.name] else {
            return unexpected(value, "target", in: "targets", at: listSite)
        }
        let names = strings(given(construct, "name"), at: site(of: "name", in: construct))
        var dependencies: [TargetDependencyDecl] = []
        var unread: [ProjectIssue] = []
        let dependenciesSite = site(of: "dependencies", in: construct)
        for (element, _) in list(given(construct, "dependencies"), at: dependenciesSite) {
            if let why = element.unread { unread += why.issues; continue }
            dependencies += targetDependency(element, within: construct.condition, listedAt: dependenciesSite, unread: &unread)
        }
        let targetName = names.first?.text ?? ""
        let path = given(construct, "path").flatMap { single($0, label: "path", in: construct) }
        if let path, let problem = Self.pathProblem(path) {
            _ = report("target '\(targetName)' has path \"\(path)\", \(problem); SwiftPM requires a target's path "
                       + "inside the package directory, and archlint maps no files outside the scanned root to it — write it "
                       + "relative to the package directory, without leaving it", site(of: "path", in: construct))
        }
        let exclude = given(construct, "exclude").map { fileList($0, label: "exclude", in: construct) } ?? []
        let sources = given(construct, "sources").map { fileList($0, label: "sources", in: construct) }
        let swiftSettings = given(construct, "swiftSettings").flatMap(ManifestSwiftSettings.targetSettings)
        return names.map { name in
            var target = TargetDecl(name: name.text, kind: kind, dependencies: dependencies, path: path, exclude: exclude,
                                    sources: sources, condition: ConditionText.and(construct.condition, name.condition),
                                    line: construct.site.line, column: construct.site.column)
            target.unreadDependencies = unread
            target.swiftSettings = swiftSettings
            return target
        }
    }

    /// A dependency of a target made under `outer`: its condition is what it adds to the target's.
    /// What a name or a package archlint can't read loses is added to `unread`.
    private func targetDependency(_ value: TuistValue, within outer: String?, listedAt listSite: TuistSite,
                                  unread: inout [ProjectIssue]) -> [TargetDependencyDecl] {
        if let name = value.stringValue {
            // A name held in a list built without its type (`var deps = ["Core"]`): by name, where the list is used.
            return [TargetDependencyDecl(kind: .byName, name: name, line: listSite.line, column: listSite.column)]
        }
        guard let construct = value.construct, let kind = Self.dependencyFactories[construct.name] else {
            unread.append(report("a value in `dependencies:` that isn't a target dependency archlint can read; "
                                 + "the findings that rest on this target's dependencies are withheld. Declare it with "
                                 + "`.target(name:)`, `.product(name:package:)` or a name", listSite))
            return []
        }
        let names = strings(given(construct, "name"), at: site(of: "name", in: construct))
        let packages: [Text?] = given(construct, "package").map {
            strings($0, at: site(of: "package", in: construct)).map(Optional.some)
        } ?? [nil]
        for label in ["name", "package"] {
            switch given(construct, label) {
            case .unknown(let why)?: unread += why.issues
            case .environment(let text)?: unread.append(buildTime(text, at: site(of: label, in: construct)))
            default: break
            }
        }
        let written = construct.argumentText("condition").flatMap { $0 == "nil" ? nil : $0 }
        var result: [TargetDependencyDecl] = []
        for name in names {
            for package in packages {
                let own = Self.relative(construct.condition, to: outer)
                let condition = ConditionText.and(ConditionText.and(ConditionText.and(own, name.condition),
                                                                    package?.condition), written)
                result.append(TargetDependencyDecl(kind: kind, name: name.text, package: package?.text, condition: condition,
                                                   line: (construct.use ?? construct.site).line,
                                                   column: (construct.use ?? construct.site).column))
            }
        }
        return result
    }

    // MARK: Products and package dependencies

    private func product(_ value: TuistValue, listedAt listSite: TuistSite) -> [ProductDecl] {
        guard let construct = value.construct, let kind = Self.productFactories[construct.name] else {
            return unexpected(value, "product", in: "products", at: listSite)
        }
        let targets = given(construct, "targets").map { stringList($0, at: site(of: "targets", in: construct)).map(\.text) } ?? []
        return strings(given(construct, "name"), at: site(of: "name", in: construct)).map {
            ProductDecl(name: $0.text, kind: kind, targets: targets, condition: ConditionText.and(construct.condition, $0.condition),
                        line: construct.site.line, column: construct.site.column)
        }
    }

    private func packageDependency(_ value: TuistValue, listedAt listSite: TuistSite) -> [PackageDependencyDecl] {
        guard let construct = value.construct, construct.name == "package" else {
            return unexpected(value, "package dependency", in: "dependencies", at: listSite)
        }
        let kind: PackageDependencyDecl.Kind
        let location: TuistValue
        if let url = given(construct, "url") {
            (kind, location) = (.url, url)
        } else if let path = given(construct, "path") {
            (kind, location) = (.path, path)
        } else if let id = given(construct, "id") {
            (kind, location) = (.registry, id)
        } else {
            _ = report("a package dependency without `url:`, `path:` or `id:` archlint can read; it is missing from the "
                       + "module graph. Declare it with one of them, or run with `--manifests dump` to evaluate the "
                       + "manifest exactly", construct.site)
            return []
        }
        let explicitName = given(construct, "name").flatMap { strings($0, at: site(of: "name", in: construct)).first?.text }
        let requirement = construct.requirementText
        return strings(location, at: construct.site).map {
            PackageDependencyDecl(kind: kind, location: $0.text,
                                  identity: explicitName ?? PackageIdentity.identity(of: $0.text, kind: kind),
                                  requirement: requirement, condition: ConditionText.and(construct.condition, $0.condition),
                                  line: construct.site.line, column: construct.site.column)
        }
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
    private func single(_ value: TuistValue, label: String, in construct: TuistConstruct) -> String? {
        let values = strings(value, at: site(of: label, in: construct))
        if values.count > 1 {
            let choices = values.map { "\"\($0.text)\"" }.joined(separator: ", ")
            _ = report("`\(label):` has several possible values (\(choices)) depending on conditions; archlint uses the "
                       + "first. Use `--manifests dump` to evaluate the manifest exactly", site(of: label, in: construct))
        }
        return values.first?.text
    }

    /// `exclude:`/`sources:` entries. They carry no condition in the facts, so conditional entries that could
    /// name Swift sources (a `.swift` file or a directory) are reported: archlint applies all of them.
    private func fileList(_ value: TuistValue, label: String, in construct: TuistConstruct) -> [String] {
        let values = stringList(value, at: site(of: label, in: construct))
        if let first = values.first(where: { $0.condition != nil && Self.mayHoldSwiftSources($0.text) }) {
            _ = report("`\(label):` entry \"\(first.text)\" only applies when `\(first.condition ?? "")`; archlint applies "
                       + "every `\(label):` entry. Use `--manifests dump` to evaluate the manifest exactly", site(of: label, in: construct))
        }
        return unique(values.map(\.text))
    }

    private static func mayHoldSwiftSources(_ path: String) -> Bool {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return path.hasSuffix(".swift") || !last.contains(".")
    }

    /// `inner` without the `outer` it was made under (`A && B` within `A` is `B`).
    static func relative(_ inner: String?, to outer: String?) -> String? {
        guard let inner, let outer else { return inner }
        if inner == outer { return nil }
        let prefix = (ConditionText.and(outer, "x") ?? "x").dropLast(1)
        return inner.hasPrefix(prefix) ? String(inner.dropFirst(prefix.count)) : inner
    }

    private func unique(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
