import ArchlintModel
import Graphs

/// What a team's module selectors read of each module, worked out once per run: name, type, architectural
/// kind, layer, feature, declaring project and files.
struct CustomRuleModules {
    struct Facts {
        let module: Module
        let layer: String?
        let feature: String?
        /// Module type (`framework`, `unit-test`, …) and architectural kind (`feature`, `interface`, `core`, …).
        let kinds: Set<String>
        let declaringFile: String?
        let isExternal: Bool
    }

    let byID: [String: Facts]
    /// Module name → the first module of that name (type rules see modules by name).
    let byName: [String: Facts]
    private var globs: [String: Glob] = [:]
    /// Each selector list compiled once: `GlobSet` matches a name against all of them in one pass.
    private var globSets: [[String]: GlobSet] = [:]

    init(_ context: LintContext) {
        let classifier = context.classifier
        var byID: [String: Facts] = [:]
        var byName: [String: Facts] = [:]
        for module in context.moduleGraph.nodes {
            let classification = classifier.classification(of: module)
            var kinds: Set<String> = [module.type.rawValue, classification.kind.rawValue]
            if classification.isTest { kinds.insert("test") }
            if classification.isInterface { kinds.insert("interface") }
            let facts = Facts(
                module: module, layer: classification.layerName, feature: classification.feature, kinds: kinds,
                declaringFile: module.manifest ?? module.project, isExternal: module.type == .external)
            byID[module.id] = facts
            if byName[module.name] == nil { byName[module.name] = facts }
        }
        self.byID = byID
        self.byName = byName
    }

    /// A compiled glob, once per pattern (patterns were validated when the configuration was read).
    mutating func glob(_ pattern: String) -> Glob? {
        if let glob = globs[pattern] { return glob }
        let glob = try? Glob(pattern)
        globs[pattern] = glob
        return glob
    }

    mutating func any(_ patterns: [String]?, _ value: String?) -> Bool {
        guard let patterns else { return true }
        guard let value else { return false }
        return globSet(patterns).matches(value)
    }

    mutating func globSet(_ patterns: [String]) -> GlobSet {
        if let set = globSets[patterns] { return set }
        let set = GlobSet(patterns.compactMap { glob($0) })
        globSets[patterns] = set
        return set
    }

    /// The ids of the modules `selector` matches (without `from`'s per-location `path` keys), computed once per
    /// rule so an edge costs two set lookups.
    mutating func matchingIDs(_ selector: ModuleSelector, filesAreLocations: Bool) -> Set<String> {
        var ids: Set<String> = []
        for (id, facts) in byID where matches(selector, facts, filesAreLocations: filesAreLocations) { ids.insert(id) }
        return ids
    }

    /// Whether `facts` matches every module-level key of `selector` (`path` and `pathNot` for `from` are applied
    /// per location by the caller; for `to` they test the module's files).
    mutating func matches(_ selector: ModuleSelector, _ facts: Facts, filesAreLocations: Bool) -> Bool {
        let module = facts.module
        guard any(selector.module, module.name) else { return false }
        if let excluded = selector.moduleNot, any(excluded, module.name) { return false }
        guard any(selector.layer, facts.layer), any(selector.feature, facts.feature),
              any(selector.project, facts.declaringFile)
        else { return false }
        if let kinds = selector.kind, !kinds.contains(where: facts.kinds.contains) { return false }
        if let external = selector.external, external != facts.isExternal { return false }
        if !filesAreLocations, selector.path != nil || selector.pathNot != nil {
            guard module.files.contains(where: { pathMatches(selector, $0) }) else { return false }
        }
        return true
    }

    /// `path` and `pathNot` against one file.
    mutating func pathMatches(_ selector: ModuleSelector, _ file: String) -> Bool {
        guard any(selector.path, file) else { return false }
        if let excluded = selector.pathNot, any(excluded, file) { return false }
        return true
    }

    /// What the first of `patterns` to match `name` captured with its wildcards (`*Tests` on `HomeTests` →
    /// `["Home"]`), for `$1`, `$2`… in a `to` selector.
    func captures(_ patterns: [String]?, _ name: String) -> [String] {
        guard let patterns else { return [] }
        return GlobSet(patterns: patterns).firstMatchWithCaptures(name)?.captures ?? []
    }

    /// `selector` with `$1`… in its name globs replaced by `captures`.
    static func substituting(_ selector: ModuleSelector, _ captures: [String]) -> ModuleSelector {
        guard !captures.isEmpty else { return selector }
        func replace(_ patterns: [String]?) -> [String]? {
            patterns?.map { pattern in
                var pattern = pattern
                // Highest first, so `$1` doesn't eat the start of `$10`. (Not `enumerated().reversed()`: that resolves
                // to EnumeratedSequence's BidirectionalCollection conformance, macOS 26 and later.)
                for index in captures.indices.reversed() { pattern = pattern.replacing("$\(index + 1)", with: captures[index]) }
                return pattern
            }
        }
        var selector = selector
        selector.module = replace(selector.module)
        selector.moduleNot = replace(selector.moduleNot)
        selector.feature = replace(selector.feature)
        selector.layer = replace(selector.layer)
        return selector
    }

    /// Whether `to` uses `$1`… (captures of `from.module`).
    static func usesCaptures(_ selector: ModuleSelector) -> Bool {
        [selector.module, selector.moduleNot, selector.feature, selector.layer].contains { $0?.contains { $0.contains("$") } == true }
    }
}
