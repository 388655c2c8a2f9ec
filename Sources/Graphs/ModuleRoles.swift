import ArchlintModel

/// The one answer to "is this target an umbrella, a template placeholder, a demo app, test support, a test of which
/// target", read by the module rules. Decided from the module graph alone (a module's files, its declared and import
/// edges), so a rule reading it still reads only `.moduleGraph` and `.workspaceStructure`: a skimmed file's imports
/// are its full parse's, its declarations are not known, so nothing here looks at code.
extension ModuleGraphIndex {
    /// A target whose job is to declare or re-export dependencies for the targets that depend on it: a library
    /// with declared dependencies and
    /// - no Swift files, or
    /// - Swift files that import nothing but the SDK, declared in a project folder named like the module, inside a
    ///   folder named like it, its plural or its singular (`Projects/Domain/Domain/Project.swift`,
    ///   `Projects/Domains/Domain`, `Projects/Shared/Shareds`: the root module of a layer, whose `Exports.swift` holds
    ///   comments and whose dependencies are the layer's modules), or
    /// - Swift files that import nothing but the SDK, only external packages declared, and a module depending on it
    ///   that imports one of them (`PackageLibrary`: a placeholder file "so Tuist builds it", and RxSwift, Moya,
    ///   SnapKit for the app's modules to import), or, where its files declare nothing, a module one of them whose
    ///   modules archlint doesn't know may supply (passepartout's `PartoutLibrary`), or
    /// - Swift files that declare nothing (`Module.filesDeclareNothing`) and import nothing but the SDK, and a module
    ///   depending on it that imports one of its declared dependencies without declaring it itself (`FeatureKit`:
    ///   an empty `Dummy.swift` "so Tuist builds it", and the app importing the features through it), or, for a
    ///   package's target, no module of the workspace depending on it (danger-swift's `DangerDeps`: a dynamic library
    ///   the Dangerfile loads), or
    /// - only `@_exported` imports (at least one), or
    /// - a name ending in (or equal to) `Dependencies`, `ThirdPartyLib` or `Umbrella` and no import but of its own declared
    ///   dependencies and of modules built elsewhere (the SDK, a binary framework, a product's module:
    ///   `CoreDependencies`, `FeatureThirdPartyLib`: a file of comments, re-exports or `import Realm`, kept so the
    ///   target builds). Code beyond the imports isn't looked at: a skimmed file's declarations aren't known.
    /// A variant of an umbrella (`ThirdParty-QA`, the same files and dependencies) is one too.
    public func isUmbrella(_ id: String) -> Bool {
        isUmbrellaItself(id) || variants(of: id).contains(where: isUmbrellaItself)
    }

    private func isUmbrellaItself(_ id: String) -> Bool {
        guard let module = node(id), module.type != .external, !module.type.isTest, !module.type.isApplication,
              module.type != .executable
        else { return false }
        let declared = Set(edges(from: id, kind: .declared).map(\.to))
        guard !declared.isEmpty else { return false }
        if module.files.isEmpty { return true }
        let imports = edges(from: id, kind: .import)
        let importsOnlySDK = imports.allSatisfy { edge in
            node(edge.to).map { $0.type == .external && SystemModules.contains($0.name) } ?? false
        }
        if importsOnlySDK, let project = module.project {
            // `Projects/Domain/Domain/Project.swift`, `Projects/Domains/Domain`, `Projects/Shared/Shareds`: the layer's
            // own module.
            let folders = project.split(separator: "/").dropLast().suffix(2).map(String.init)
            if folders.count == 2, folders[1] == module.name,
               [module.name, module.name + "s"].contains(folders[0]) || folders[0] + "s" == module.name {
                return true
            }
        }
        if declared.allSatisfy({ node($0)?.type == .external }), importsOnlySDK,
           transitiveDependants(of: id).contains(where: { dependant in
               !importedModules(of: dependant).isDisjoint(with: declared)
                   || module.filesDeclareNothing == true && importsUnclaimed(dependant, from: declared)
           }) {
            return true
        }
        // A package's target no module of the workspace declares links its dependencies for a client outside it:
        // danger-swift's `DangerDeps`, a dynamic library of an empty file the Dangerfile loads.
        if module.manifest != nil, module.filesDeclareNothing == true, importsOnlySDK, transitiveDependants(of: id).isEmpty {
            return true
        }
        if module.filesDeclareNothing == true, importsOnlySDK, transitiveDependants(of: id).contains(where: { dependant in
            let declaredThere = Set(edges(from: dependant, kind: .declared).map(\.to))
            return importedModules(of: dependant).contains { declared.contains($0) && !declaredThere.contains($0) }
        }) {
            return true
        }
        if !imports.isEmpty, imports.allSatisfy(\.exported) { return true }
        let named = ModuleRoles.umbrellaSuffixes.contains { module.name.hasSuffix($0) }
        return named && imports.allSatisfy { edge in
            edge.exported || declared.contains(edge.to) || node(edge.to)?.type == .external
        }
    }

    /// Whether `dependant` imports a module none of its declared dependencies is, not the SDK's, that a product in
    /// `declared` whose modules archlint doesn't know may supply (passepartout's app imports `Partout`, which the
    /// `partout` product of a package that isn't in the checkout may be).
    private func importsUnclaimed(_ dependant: String, from declared: Set<String>) -> Bool {
        let unknown = declared.compactMap(node).filter(\.hasUnknownModules)
        guard !unknown.isEmpty else { return false }
        let declaredThere = Set(edges(from: dependant, kind: .declared).map(\.to))
        return importedModules(of: dependant).contains { imported in
            guard !declaredThere.contains(imported), let module = node(imported), module.type == .external,
                  !SystemModules.contains(module.name)
            else { return false }
            // Unattributed, or a module of the product's own package (`partout/Partout`).
            return module.package == nil || unknown.contains { $0.package?.lowercased() == module.package?.lowercased() }
        }
    }

    /// What a target brings onto the search path through the umbrellas it declares: each umbrella's declared
    /// dependencies, and theirs where they are umbrellas too.
    public func suppliedThroughUmbrellas(of id: String) -> Set<String> {
        var supplied = Set<String>()
        var visited = Set<String>()
        var pending = edges(from: id, kind: .declared).map(\.to).filter { isUmbrella($0) }
        while let umbrella = pending.popLast() {
            guard visited.insert(umbrella).inserted else { continue }
            for dependency in edges(from: umbrella, kind: .declared).map(\.to) {
                supplied.formUnion(withReexports([dependency]))
                if isUmbrella(dependency) { pending.append(dependency) }
            }
        }
        return supplied
    }

    /// What a module may import as declared: its declared dependencies and what they re-export, what the
    /// umbrellas it declares supply, and for a test bundle hosted by an app (`Module.testHost`) the app and what the
    /// app may import so: the bundle is linked into the app and builds with its search paths. The one answer
    /// undeclared-import and unused-dependency read.
    public func declaredForImport(of id: String) -> Set<String> {
        var declared = withReexports(edges(from: id, kind: .declared).map(\.to) + (node(id)?.linkedUndeclared ?? []))
            .union(suppliedThroughUmbrellas(of: id))
        if let host = node(id)?.testHost, host != id {
            declared.formUnion(withReexports([host] + edges(from: host, kind: .declared).map(\.to)))
            declared.formUnion(suppliedThroughUmbrellas(of: host))
        }
        return declared
    }

    /// The names of the modules that depend on `id` (directly or through their own dependencies) and import one of
    /// `offered` without declaring it, with no other way to it than `id`'s declaration of `removed`: they build only
    /// while `id` declares it, so removing that declaration breaks them. Sorted.
    public func dependantsRelying(on offered: Set<String>, through id: String, removed: Set<String>) -> [String] {
        transitiveDependants(of: id).filter { dependant in
            let declared = declaredForImport(of: dependant)
            let wanted = importedModules(of: dependant).filter { offered.contains($0) && !declared.contains($0) }
            guard !wanted.isEmpty else { return false }
            let reached = declaredClosure(of: [dependant]) { from, to in !(from == id && removed.contains(to)) }
            return !wanted.isSubset(of: withReexports(reached))
        }.map { name(of: $0) }.sorted()
    }

    /// Modules `id` links (its declared closure) that import one of `offered` without reaching it through their own
    /// declarations, where only `id`'s dependencies `removed` build it: they compile because `id` builds it first
    /// (RaceOn's app declares Data, its Presentation imports Data and declares nothing of it).
    /// Ids, sorted by name.
    public func linkedRelying(on offered: Set<String>, through id: String, removed: Set<String>) -> [String] {
        let remaining = declaredClosure(of: [id]) { from, to in !(from == id && removed.contains(to)) }.subtracting([id])
        guard withReexports(remaining.union([id])).isDisjoint(with: offered) else { return [] }
        return remaining.filter { linked in
            guard let module = node(linked), !module.type.isTest, !module.type.isApplication else { return false }
            let wanted = importedModules(of: linked).filter { offered.contains($0) }
            return !wanted.isEmpty && !wanted.isSubset(of: withReexports(declaredClosure(of: [linked]) { _, _ in true }))
        }.sorted { name(of: $0) < name(of: $1) }
    }

    /// What `start` reach along declared edges that `follows` keeps (`start` only through a cycle).
    private func declaredClosure(of start: [String], follows: (String, String) -> Bool) -> Set<String> {
        var reached: Set<String> = []
        var pending = start
        while let current = pending.popLast() {
            for edge in edges(from: current, kind: .declared) where follows(current, edge.to) && reached.insert(edge.to).inserted {
                pending.append(edge.to)
            }
        }
        return reached
    }

    /// A test target left as its template made it: one file, which imports nothing but the SDK's and the test
    /// frameworks' modules (an empty file, `// This is for tuist`, an `XCTestCase` with `testExample()`), so it
    /// tests none of its declared dependencies yet. Several such files are real tests (UI tests drive the app).
    /// So is one whose files hold nothing but imports and comments (`Dummy.swift` with `@testable import Kit`): no
    /// test yet uses the frameworks it declares.
    public func isPlaceholderTest(_ id: String) -> Bool {
        guard let module = node(id), module.type.isTest else { return false }
        if module.filesDeclareNothing == true { return true }
        guard module.files.count == 1 else { return false }
        return edges(from: id, kind: .import).allSatisfy { edge in
            guard let imported = node(edge.to) else { return false }
            return imported.type == .external && SystemModules.contains(imported.name)
        }
    }

    /// A feature's demo app (a Tuist micro-feature's `XDemo` or `XExample`, an `XDemoApp`): an application named
    /// like a module `X` plus a demo suffix that depends on or imports `X` or a module of its family (`XTesting`,
    /// `XInterface`). It runs the feature on stand-ins and never ships.
    public func isDemoApp(_ id: String) -> Bool {
        guard let module = node(id), module.type.isApplication else { return false }
        // A module of the family archlint couldn't read (an unread target is an external node) still names it; the
        // SDK's never do (`MapDemo` importing MapKit).
        let reached = edges(from: id).compactMap { node($0.to) }.filter {
            !$0.type.isApplication && !($0.type == .external && SystemModules.contains($0.name))
        }
        return ModuleRoles.demoSuffixes.contains { suffix in
            guard module.name.hasSuffix(suffix), module.name.count > suffix.count else { return false }
            let feature = String(module.name.dropLast(suffix.count))
            return reached.contains { $0.name.hasPrefix(feature) }
        }
    }

    /// A library only tests use: every module that depends on it or imports it is a test target, a feature's demo
    /// app or such a library itself, and at least one is a test of another module (`XCTComponentBase`, whose test
    /// doubles other modules' tests import). Its own tests don't make it one, nor test support built on it: a
    /// library only those use yet is a product for apps elsewhere. It never ships.
    public func isTestSupport(_ id: String) -> Bool {
        var known: [String: Bool] = [:]
        return isTestSupport(id, known: &known)
    }

    private func isTestSupport(_ id: String, known: inout [String: Bool]) -> Bool {
        if let answer = known[id] { return answer }
        guard let module = node(id), !module.type.isTest, !module.type.isApplication, module.type != .external else {
            return false
        }
        known[id] = false  // A cycle of libraries doesn't make them test support.
        var supports = false
        for dependant in directDependants(of: id).sorted() {
            if node(dependant)?.type.isTest == true {
                if testedModule(of: dependant) != id { supports = true }
            } else if !isTestSupport(dependant, known: &known), !isDemoApp(dependant) {
                return false
            }
        }
        known[id] = supports
        return supports
    }

    /// The target a test target tests: the declared or imported target named like it without its test suffix
    /// (`HomeFeature` for `HomeFeatureTests`, `Core` for `CoreUITests`); nil for any other module.
    public func testedModule(of id: String) -> String? {
        guard let module = node(id), module.type.isTest else { return nil }
        let reached = Set(edges(from: id).map(\.to))
        for suffix in ModuleRoles.testSuffixes where module.name.hasSuffix(suffix) && module.name.count > suffix.count {
            let name = String(module.name.dropLast(suffix.count))
            if let tested = reached.sorted().first(where: { self.node($0)?.name == name && self.node($0)?.type.isTest == false }) {
                return tested
            }
        }
        return nil
    }
}

enum ModuleRoles {
    static let umbrellaSuffixes = [
        "Dependencies", "ThirdPartyLib", "ThirdPartyLibs", "ThirdPartyLibrary", "ThirdPartyLibraries", "ThirdParty", "Umbrella",
    ]
    static let testSuffixes = ["UITests", "Tests", "Test", "Specs", "Spec"]
    static let demoSuffixes = ["DemoApp", "Demo", "ExampleApp", "Example"]
}
