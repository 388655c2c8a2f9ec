import ArchlintModel
import Configuration
import Graphs

/// Wording and diagnostics shared by the module rules.
enum ModuleEdgeWording {
    /// `imports` / `declares a dependency on`.
    static func verb(_ kind: ModuleEdgeKind) -> String {
        kind == .import ? "imports" : "declares a dependency on"
    }

    /// ` inside #if DEBUG` for imports, ` under condition .when(platforms: [.iOS])` for declared dependencies.
    static func conditionSuffix(_ edge: ModuleEdge) -> String {
        guard let condition = edge.condition else { return "" }
        return edge.kind == .import ? " inside #if \(condition)" : " under condition \(condition)"
    }

    /// `'A' imports 'B' inside #if DEBUG`.
    static func describe(_ edge: ModuleEdge, _ index: ModuleGraphIndex) -> String {
        "'\(index.name(of: edge.from))' \(verb(edge.kind)) '\(index.name(of: edge.to))'\(conditionSuffix(edge))"
    }

    /// The name as written at `location`: the dependency name for a declared edge, the module name otherwise.
    static func writtenName(of edge: ModuleEdge, at location: SourceLocation, _ context: LintContext, _ index: ModuleGraphIndex) -> String {
        if edge.kind == .declared, let module = index.node(edge.from),
           let name = context.workspace.declaredDependencyName(of: module, at: location) {
            return name
        }
        return index.name(of: edge.to)
    }

    /// One diagnostic per location of `edge` (every import line, or the manifest line), with the import-rule subject
    /// `[fromModule, toModule, importedModule]`. Each is marked as one occurrence of the edge's finding: the filters
    /// (suppressions, baseline, `--changed`) work per location, then `FindingGrouping` merges what is left into one
    /// finding per edge with the other locations as related ones.
    static func diagnostics(
        for edge: ModuleEdge, rule: RuleDescription, context: LintContext, index: ModuleGraphIndex,
        related: [RelatedLocation] = [], message: String, fact: FindingFact? = nil, note: String? = nil
    ) -> [Diagnostic] {
        edge.locations.map { location in
            Diagnostic(
                rule: rule.id, message: message, location: location,
                module: index.name(of: edge.from), related: related,
                subject: [edge.from, edge.to, writtenName(of: edge, at: location, context, index)],
                occurrenceNote: note ?? occurrenceNote(edge.kind), fact: fact)
        }
    }

    /// One finding per module pair: every edge of a pair (its declaration, its imports under any condition) is one
    /// fact, located at the declaration, its imports related; a test target's edges that repeat its tested
    /// target's violating edge (`HomeFeatureTests` → `Gacha` beside `HomeFeature` → `Gacha`) join that finding.
    /// Each location stays a diagnostic of its own for the filters.
    static func pairDiagnostics(
        for violations: [(edge: ModuleEdge, message: String)], rule: RuleDescription, context: LintContext,
        index: ModuleGraphIndex
    ) -> [Diagnostic] {
        struct Pair: Hashable { var from: String, to: String }
        let pairs = Set(violations.map { Pair(from: $0.edge.from, to: $0.edge.to) })
        return violations.flatMap { edge, message -> [Diagnostic] in
            let kindRank = edge.kind == .declared ? 0 : 1
            if let tested = index.testedModule(of: edge.from), pairs.contains(Pair(from: tested, to: edge.to)) {
                let verb = edge.kind == .declared ? "declares it" : "imports it"
                return diagnostics(
                    for: edge, rule: rule, context: context, index: index, message: message,
                    fact: FindingFact(key: [tested, edge.to], rank: 2 + kindRank),
                    note: "'\(index.name(of: edge.from))' also \(verb) here")
            }
            return diagnostics(
                for: edge, rule: rule, context: context, index: index, message: message,
                fact: FindingFact(key: [edge.from, edge.to], rank: kindRank))
        }
    }

    /// What a finding's other locations say: `also imported here`, `also declared here`.
    static func occurrenceNote(_ kind: ModuleEdgeKind) -> String {
        kind == .import ? "also imported here" : "also declared here"
    }
}

/// The compiled `allow: [{from: glob, to: glob}]` and `ignore: [glob]` options of the module rules.
struct ModuleRuleOptions {
    private let allowedPairs: [(from: Glob, to: Glob)]
    private let ignored: GlobSet

    init(allow: [ModuleAllowance] = [], ignore: [GlobPattern] = []) {
        allowedPairs = allow.compactMap { entry -> (from: Glob, to: Glob)? in
            guard let from = try? Glob(entry.from.pattern), let to = try? Glob(entry.to.pattern) else { return nil }
            return (from, to)
        }
        ignored = GlobSet(patterns: ignore.map(\.pattern))
    }

    /// True when an `allow` entry matches the importing and imported module names.
    func allows(from: String, to: String) -> Bool {
        allowedPairs.contains { $0.from.matches(from) && $0.to.matches(to) }
    }

    /// True when an `ignore` glob matches any of `names`.
    func ignores(_ names: String...) -> Bool {
        names.contains { ignored.matches($0) }
    }
}

/// Where a target's dependencies are written, in the words of the file that declares them.
struct DependencyDeclarationSite {
    /// `Package.swift`, `App.xcodeproj`, `project.yml`, `Projects/App/Project.swift`, `.archlint.yml`.
    let file: String
    /// The package or project the target belongs to (an XcodeGen spec's main file, where `file` may be an include).
    let project: String
    let source: ProjectFacts.Source
    let targetName: String

    /// The site of a module's target: its package or its project; nil when nothing declares it. An XcodeGen target
    /// an included spec declares is edited there (`XcodeGen/project-App.yml`, not the `project.yml` including it).
    init?(of module: Module, in workspace: WorkspaceModel) {
        guard let (project, target) = workspace.targetDeclaration(of: module) else { return nil }
        file = project.source == .xcodegen ? target.file ?? project.path : project.path
        self.project = project.path
        source = project.source
        targetName = module.name
    }

    /// `the dependencies of target 'App' in Package.swift`, `the "Frameworks, Libraries, and Embedded Content" of
    /// target 'App' in App.xcodeproj`, `` the `dependencies:` of target 'App' in project.yml ``.
    var dependencyList: String {
        switch source {
        case .swiftpm: "the dependencies of target '\(targetName)' in \(file)"
        case .xcodeproj: "the \"Frameworks, Libraries, and Embedded Content\" of target '\(targetName)' in \(file)"
        case .xcodegen, .tuist: "the `dependencies:` of target '\(targetName)' in \(file)"
        case .config: "the `dependencies:` of module '\(targetName)' in \(file)"
        }
    }

    /// What to add to this site so that `imported` is declared: the name for a sibling SwiftPM target, a
    /// product for a package target seen from a project, a target for a project target.
    func dependencyToAdd(_ imported: Module, in workspace: WorkspaceModel) -> String {
        if source == .swiftpm, imported.manifest == project { return "\"\(imported.name)\"" }
        if let package = Self.package(of: imported, in: workspace) {
            let products = package.products.filter { $0.kind == .library && $0.targets.contains(imported.name) }
            if let product = products.first(where: { $0.name == imported.name }) ?? products.first {
                if source == .swiftpm { return ".product(name: \"\(product.name)\", package: \"\(package.name)\")" }
                return "product '\(product.name)' of package '\(package.name)'"
            }
            return "a library product of package '\(package.name)' that exposes '\(imported.name)' (it has none yet)"
        }
        if let other = imported.project, other != project, source != .config {
            return "target '\(imported.name)' of \(other)"
        }
        return "'\(imported.name)'"
    }

    /// The package declaring a package target.
    private static func package(of module: Module, in workspace: WorkspaceModel) -> ProjectFacts? {
        guard let (package, _) = workspace.targetDeclaration(of: module), package.source == .swiftpm else { return nil }
        return package
    }

    /// `, and .package(path: "../Kit") to that package's dependencies: …` when `imported` lives in another local
    /// package this site's Package.swift doesn't depend on yet; empty otherwise.
    func missingPackageNote(for imported: Module, in workspace: WorkspaceModel) -> String {
        guard source == .swiftpm, let package = Self.package(of: imported, in: workspace),
              let path = missingPackagePath(to: package, in: workspace)
        else { return "" }
        return ", and `.package(path: \"\(path)\")` to that package's `dependencies:`, which doesn't list it yet"
    }

    /// The relative path from this site's package to `other`, when this site's manifest doesn't depend on that
    /// package yet (by identity, as SwiftPM matches them: the directory's name, lowercased); nil when it does.
    private func missingPackagePath(to other: ProjectFacts, in workspace: WorkspaceModel) -> String? {
        guard let importer = workspace.projects.first(where: { $0.path == project }), importer.path != other.path,
              !other.directory.isEmpty
        else { return nil }
        let otherDirectory = other.directory
        let identity = (otherDirectory.split(separator: "/").last.map(String.init) ?? otherDirectory).lowercased()
        if importer.packages.contains(where: { $0.identity?.lowercased() == identity }) { return nil }
        let from = importer.directory.split(separator: "/").filter { $0 != "." }
        let to = otherDirectory.split(separator: "/").filter { $0 != "." }
        let common = zip(from, to).prefix { $0 == $1 }.count
        let path = (Array(repeating: "..", count: from.count - common) + to.dropFirst(common).map(String.init)).joined(separator: "/")
        return path.isEmpty ? "." : path
    }

    /// `the dependencies in Package.swift` / `the target's "Frameworks, Libraries, and Embedded Content" in …`.
    var removal: String {
        switch source {
        case .swiftpm: "the target's dependencies in \(file)"
        case .xcodeproj: "the target's \"Frameworks, Libraries, and Embedded Content\" and Target Dependencies in \(file)"
        case .xcodegen, .tuist: "the target's `dependencies:` in \(file)"
        case .config: "the module's `dependencies:` in \(file)"
        }
    }
}

/// What archlint knows of the modules a declared external product supplies: a product's name needn't be a module's
/// (`FirebaseInAppMessaging-Beta` supplies `FirebaseInAppMessaging`). A checkout's manifest says which modules
/// (`Module.suppliedModules`); without one, they are unknown.
enum ExternalProducts {
    /// The target's imports that resolved to no declared dependency, nor to anything the imported ones bring, and
    /// that no SDK supplies: any product with unknown modules may be what supplies them.
    static func unclaimedImports(of moduleID: String, declared: Set<String>, covered: Set<String>, _ index: ModuleGraphIndex) -> [String] {
        index.importedModules(of: moduleID).filter { id in
            guard !declared.contains(id), !covered.contains(id), let node = index.node(id), node.type == .external
            else { return false }
            return !SystemModules.contains(node.name)
        }.sorted()
    }

    /// Whether declared external `product` may supply the scanned `module` (the tree holds a copy of its package):
    /// the checkout says so; or, its modules unknown, it has the module's name or comes from a package of the
    /// same identity as the module's. A Pods aggregate may supply the development pods (`Module.developmentPods`).
    static func maySupply(_ product: Module, _ module: Module) -> Bool {
        guard product.type == .external, !product.unresolved else { return false }
        // A Pods aggregate builds the pods the repository develops from the scanned code, never its other targets.
        if let pods = product.developmentPods { return pods.contains(ModuleNaming.c99Identifier(module.name)) }
        if let supplied = product.suppliedModules { return supplied.contains(ModuleNaming.c99Identifier(module.name)) }
        if product.name == module.name { return true }
        guard let package = product.package?.lowercased(), let manifest = module.manifest else { return false }
        let directory = manifest.split(separator: "/").dropLast().last.map { $0.lowercased() }
        return package == directory || package == module.package?.lowercased()
    }
}
