import ArchlintModel
import SystemSupport

/// One Needle world. needle's generator runs once per app over that app's sources, so each app has its own
/// components, names and resolutions: two apps may both declare a `RootComponent`.
public struct NeedleScope: Sendable {
    public enum Kind: String, Sendable {
        /// The whole workspace: no app targets are known (a bare folder, a SwiftPM-only repository).
        case workspace
        /// An app, app extension, app clip or watch app with the modules it links.
        case app
        /// Library components outside every app that one root component reaches.
        case root
        /// Library components outside every app that no root reaches, by module.
        case module
    }

    /// The scope's name: the app's module id, the root component's name, or the module id. nil when the
    /// workspace is one scope.
    public let name: String?
    public let kind: Kind
    /// The components, Dependency protocols and instantiations of the scope's sources.
    public let analysis: NeedleAnalysis
    /// The component names that belong to the scope (root and module scopes share one analysis); nil: all.
    public let members: Set<String>?
    /// The roots whose paths are resolved; nil: every root of the analysis.
    public let roots: [String]?
    /// Which properties provide, as the needle this app builds with reads them.
    public let providerRule: NeedleProviderRule

    init(
        name: String?, kind: Kind, analysis: NeedleAnalysis, members: Set<String>? = nil, roots: [String]? = nil,
        providerRule: NeedleProviderRule
    ) {
        self.name = name
        self.kind = kind
        self.analysis = analysis
        self.members = members
        self.roots = roots
        self.providerRule = providerRule
    }

    /// How messages name the scope: `app Sample/TicTacToe`, `root RootComponent`, `module Tests`.
    public var label: String {
        switch kind {
        case .workspace: "the workspace"
        case .app: "app \(name ?? "")"
        case .root: "root \(name ?? "")"
        case .module: "module \(name ?? "")"
        }
    }

    /// The Needle components of the scope, one per name.
    public var components: [ComponentDecl] {
        guard let members else { return analysis.needleComponents }
        return analysis.needleComponents.filter { members.contains($0.name) }
    }

    /// Whether the component of that name belongs to the scope.
    public func contains(_ component: String) -> Bool {
        members?.contains(component) ?? (analysis.componentsByName[component] != nil)
    }
}

/// The Needle scopes of a workspace.
///
/// - No module is an application (a bare folder, a SwiftPM-only repository): one scope, the whole workspace,
///   exactly as before scopes existed (node ids are component names, `scope` is null).
/// - Otherwise each application module (`ModuleType.isApplication`) is a scope named by its module id, over the
///   sources of its world (`worlds`: its closure along declared and import edges, widened where a declaration in
///   it is partly unread). A file compiled by an app and its extension belongs to both scopes.
/// - Files outside every app closure (libraries, folders no target owns) are analysed together, as before
///   scopes existed, and split: one scope per root component (named by the root, ` (2)` added when the name is
///   taken) with what it reaches, and the components no root reaches in one scope per module (named by the
///   module id). Each test bundle outside every app is analysed on its own the same way, so two bundles' mocks
///   never clash. A file that an app scope already holds is not analysed again outside it, so a test bundle that
///   compiles the app's files makes no second world of them.
public struct NeedleScopes: Sendable {
    public let scopes: [NeedleScope]
    /// More than one scope has components: nodes are named `scope::Component` and carry their scope.
    public let isMultiple: Bool

    /// A single whole-workspace scope over an analysis already made, with every needle version the workspace
    /// declares.
    public init(single analysis: NeedleAnalysis, needleVersions: [NeedleVersionReading] = []) {
        self.init(scopes: [NeedleScope(
            name: nil, kind: .workspace, analysis: analysis, providerRule: NeedleProviderRule(readings: needleVersions))])
    }

    private init(scopes: [NeedleScope]) {
        self.scopes = scopes
        isMultiple = scopes.filter { !$0.components.isEmpty }.count > 1
    }

    /// - Parameters:
    ///   - global: the whole-workspace analysis, reused when the workspace is one scope; each scope's analysis
    ///     shares what it located.
    ///   - previous: the scopes of another version of the same tree, which differs in the facts of `changed`
    ///     only: a scope of exactly the same files, none of them changed, takes its analysis from there.
    public init(
        _ workspace: WorkspaceModel, moduleGraph: ModuleGraph, global: NeedleAnalysis? = nil,
        previous: NeedleScopes? = nil, except changed: Set<String> = []
    ) {
        let types = Dictionary(
            (moduleGraph.nodes + workspace.modules).map { ($0.id, $0.type) }, uniquingKeysWith: { _, last in last })
        let worlds = Self.worlds(workspace, moduleGraph: moduleGraph)
        guard !worlds.isEmpty else {
            self.init(single: global ?? NeedleAnalysis(workspace), needleVersions: Self.needleVersions(of: workspace))
            return
        }
        let apps = worlds.map(\.app)
        var covered: Set<String> = []
        let appFiles = worlds.map { world in
            let files = workspace.files.filter { world.modules.contains($0.module) }
            covered.formUnion(files.map(\.path))
            return files
        }
        // Libraries outside every app together, as before scopes existed; each test bundle on its own (its
        // mocks are no one else's).
        let rest = workspace.files.filter { !covered.contains($0.path) }
        let isTest = { (file: ScannedFile) in types[file.module]?.isTest == true }
        var pools = [rest.filter { !isTest($0) }]
        pools += Dictionary(grouping: rest.filter(isTest), by: \.module).sorted { $0.key < $1.key }.map(\.value)
        pools = pools.filter { pool in pool.contains { !$0.facts.isNeedleGenerated && !$0.facts.types.isEmpty } }
        // Independent analyses, made on every core; the scopes are then put together in order.
        let fileSets = appFiles + pools
        let reusable = Dictionary(
            (previous?.scopes ?? []).map { ($0.analysis.types.sourceKeys, $0.analysis) }, uniquingKeysWith: { first, _ in first })
        let analyses = parallelMap(count: fileSets.count) { index in
            let scoped = workspace.with(files: fileSets[index])
            if !reusable.isEmpty, fileSets[index].allSatisfy({ !changed.contains($0.path) }),
               let prior = reusable[TypeIndex.sourceKeys(scoped)] {
                return prior
            }
            return NeedleAnalysis(scoped, sharing: global)
        }
        var scopes = zip(worlds, analyses).map { world, analysis in
            NeedleScope(
                name: world.app, kind: .app, analysis: analysis,
                providerRule: NeedleProviderRule(readings: Self.needleVersions(of: world, in: workspace)))
        }
        var taken = Set(apps)
        let everyVersion = NeedleProviderRule(readings: Self.needleVersions(of: workspace))
        for (pool, analysis) in zip(pools, analyses.dropFirst(apps.count)) {
            scopes += Self.libraryScopes(analysis, files: pool, taken: &taken, providerRule: everyVersion)
        }
        self.init(scopes: scopes)
    }

    /// The scope a graph's `scope` field names; nil names the single scope that has components.
    public func scope(named name: String?) -> NeedleScope? {
        guard let name else { return scopes.first { !$0.components.isEmpty } ?? scopes.first }
        return scopes.first { $0.name == name }
    }

    /// A component node's id: its name, or `scope::name` when the graph has several scopes.
    public static func nodeID(_ component: String, scope: String?) -> String {
        scope.map { "\($0)::\(component)" } ?? component
    }

    /// One app's Needle world: the modules whose sources needle's generator sees for it.
    public struct World: Sendable, Hashable {
        public var app: String
        public var modules: Set<String>
        /// The closure holds a module whose declarations are partly unread, so the world is every library module
        /// (`worlds`).
        public var isWidened: Bool
    }

    /// Each application module's world, sorted by app; empty when no module is an application.
    ///
    /// The world is the app with the modules it reaches along declared edges and along imports resolved to the
    /// workspace's modules (what its code can name is what it compiles against, even where a declaration was
    /// missed), never entering other applications (an app's dependency on its extension embeds it, needle never
    /// sees its sources) or test modules. Where that closure holds a module whose declared dependencies are partly
    /// unread, or one of a project whose list of targets is partly unread (`DeclarationCompleteness`), what links
    /// the rest may be what wasn't read (its files then sit in a folder module): the world widens to the app with
    /// every module that is no application and no test. A wider world only adds providers and
    /// paths, so it never loses a component the app instantiates nor a provider it has; a smaller one would.
    public static func worlds(_ workspace: WorkspaceModel, moduleGraph: ModuleGraph) -> [World] {
        let apps = workspace.modules.filter(\.type.isApplication).map(\.id).sorted()
        guard !apps.isEmpty else { return [] }
        let types = Dictionary(
            (moduleGraph.nodes + workspace.modules).map { ($0.id, $0.type) }, uniquingKeysWith: { _, last in last })
        let scanned = Set(workspace.modules.map(\.id))
        var dependencies: [String: Set<String>] = [:]
        for edge in moduleGraph.edges where edge.kind == .declared || scanned.contains(edge.to) {
            dependencies[edge.from, default: []].insert(edge.to)
        }
        let declarations = DeclarationCompleteness(workspace)
        let libraries = Set(workspace.modules.filter { !$0.type.isApplication && !$0.type.isTest }.map(\.id))
        return apps.map { app in
            let closure = closure(of: app, dependencies: dependencies, types: types)
            let isPartial = closure.contains { declarations.isPartial($0) || !declarations.linkersAreKnown($0) }
            guard isPartial else {
                return World(app: app, modules: closure, isWidened: false)
            }
            return World(app: app, modules: libraries.union([app]), isWidened: true)
        }
    }

    /// What says which needle an app builds with: the lockfiles and Tuist manifests of its project's folder and
    /// the folders above it (`NeedleVersionReading.governs`), and the requirements of the package manifests
    /// that declare the app or a module of its world.
    public static func needleVersions(of world: World, in workspace: WorkspaceModel) -> [NeedleVersionReading] {
        let generated = workspace.files.filter { world.modules.contains($0.module) }.compactMap(NeedleLayout.reading(of:))
        guard !workspace.needleVersions.isEmpty else { return generated }
        let modules = workspace.modules.filter { world.modules.contains($0.id) }
        let manifests = Set(modules.compactMap(\.manifest))
        let app = modules.first { $0.id == world.app }
        let folder = app.flatMap { module in
            (module.project ?? module.manifest).map(ModuleCatalog.folder(ofFile:)) ?? module.path
        } ?? ""
        return workspace.needleVersions.filter { reading in
            let isPackageManifest = (reading.file == "Package.swift" || reading.file.hasSuffix("/Package.swift"))
                && !TuistFolder.matches(ModuleCatalog.folder(ofFile: reading.file).split(separator: "/").last ?? "")
            return isPackageManifest ? manifests.contains(reading.file) : reading.governs(folder)
        } + generated
    }

    /// Every needle version the workspace declares, and the layouts of its generated files.
    public static func needleVersions(of workspace: WorkspaceModel) -> [NeedleVersionReading] {
        workspace.needleVersions + workspace.files.compactMap(NeedleLayout.reading(of:))
    }

    /// The app and the modules it links, transitively, without entering other applications or tests.
    public static func closure(of app: String, dependencies: [String: Set<String>], types: [String: ModuleType]) -> Set<String> {
        var closure: Set<String> = [app]
        var queue = [app]
        while let module = queue.popLast() {
            for dependency in dependencies[module] ?? [] {
                let type = types[dependency]
                if type?.isApplication == true || type?.isTest == true { continue }
                if closure.insert(dependency).inserted { queue.append(dependency) }
            }
        }
        return closure
    }

    /// Components outside every app: one scope per root with what it reaches, the rest per module.
    static func libraryScopes(
        _ analysis: NeedleAnalysis, files: [ScannedFile], taken: inout Set<String>, providerRule: NeedleProviderRule
    ) -> [NeedleScope] {
        func unique(_ name: String) -> String {
            var candidate = name
            var number = 2
            while taken.contains(candidate) {
                candidate = "\(name) (\(number))"
                number += 1
            }
            taken.insert(candidate)
            return candidate
        }
        let children = NeedleResolver.children(NeedleResolver.edges(analysis))
        let components = analysis.needleComponents.sorted { $0.name < $1.name }
        var reached: Set<String> = []
        var scopes: [NeedleScope] = []
        for root in components where root.kind == .root {
            var members: Set<String> = [root.name]
            var queue = [root.name]
            while let node = queue.popLast() {
                for child in children[node] ?? [] where members.insert(child).inserted { queue.append(child) }
            }
            reached.formUnion(members)
            scopes.append(NeedleScope(
                name: unique(root.name), kind: .root, analysis: analysis, members: members, roots: [root.name],
                providerRule: providerRule))
        }
        var moduleOfPath: [String: String] = [:]
        for file in files where moduleOfPath[file.path] == nil { moduleOfPath[file.path] = file.module }
        let unreached = Dictionary(grouping: components.filter { !reached.contains($0.name) }) {
            moduleOfPath[$0.location.file] ?? $0.module
        }
        for (module, members) in unreached.sorted(by: { $0.key < $1.key }) {
            scopes.append(NeedleScope(
                name: unique(module), kind: .module, analysis: analysis, members: Set(members.map(\.name)), roots: [],
                providerRule: providerRule))
        }
        return scopes
    }
}

extension WorkspaceModel {
    /// The same workspace with only these files (a scope's sources).
    func with(files: [ScannedFile]) -> WorkspaceModel {
        var copy = self
        copy.files = files
        return copy
    }
}

extension ComponentGraph {
    /// The scope names of the graph, sorted (empty when it has one scope).
    public var scopeNames: [String] {
        Set(nodes.compactMap(\.scope)).sorted()
    }

    /// Only the nodes, edges and resolutions of one Needle scope; nil when the graph has no scope of that name.
    public func onlyScope(_ name: String) -> ComponentGraph? {
        guard scopeNames.contains(name) else { return nil }
        return ComponentGraph(
            nodes: nodes.filter { $0.scope == name }, edges: edges.filter { $0.scope == name },
            resolutions: resolutions.filter { $0.scope == name })
    }

    /// Why `--scope NAME` selects nothing, with the names it could select.
    public func unknownScopeMessage(_ name: String) -> String {
        let names = scopeNames
        guard !names.isEmpty else {
            return "The component graph has a single Needle scope, so there is no scope '\(name)' to select: "
                + "scopes exist when several apps (or libraries outside every app) declare components. "
                + "Leave out --scope."
        }
        return "No Needle scope named '\(name)'. The component graph's scopes: \(names.joined(separator: ", "))."
    }
}

/// The whole workspace's Needle analysis and the scopes made over it: what the Needle rules and the component
/// graph read.
public struct NeedleAnalyses: Sendable {
    public var global: NeedleAnalysis
    public var scopes: NeedleScopes

    public init(global: NeedleAnalysis, scopes: NeedleScopes) {
        self.global = global
        self.scopes = scopes
    }
}
