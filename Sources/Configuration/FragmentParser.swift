import Foundation
import ArchlintModel

/// Reads one configuration document into a `ConfigurationFragment`, strictly: every unknown key, wrong type,
/// bad glob, unknown rule id or severity, and inconsistent layer is an error at its line and column.
struct FragmentParser {
    static let topLevelKeys = [
        "extends", "exclude", "modules", "features", "layers", "rules", "tuist",
        "forbidden", "allowed", "allowedSeverity", "required", "types",
    ]
    static let moduleKeys = ["path", "name", "type", "dependencies"]
    static let featureKeys = ["modules", "interfaces", "shared"]
    static let layerKeys = ["name", "modules"]
    static let ruleKeys = ["severity", "options"]
    static let allowKeys = ["from", "to"]
    static let tuistKeys = ["folderConventions"]

    /// The rules a `rules:` key may name, with the options each accepts (from the rule registry).
    let rules: [String: RuleConfigurationSchema]

    init(rules: [RuleConfigurationSchema]) {
        var byID: [String: RuleConfigurationSchema] = [:]
        for rule in rules { byID[rule.id] = rule }
        self.rules = byID
    }

    func parse(_ source: ConfigurationSource) throws(ConfigurationError) -> ConfigurationFragment {
        var fragment = ConfigurationFragment()
        guard let root = try source.parseRoot() else { return fragment }
        let document = ConfigNode(node: root, path: "", source: source)
        if document.isNull { return fragment }
        guard case .mapping = root else {
            throw document.error("the configuration must be a mapping of keys (extends, exclude, modules, features, layers, rules, tuist), found \(document.kindDescription)")
        }
        for (key, value) in try document.mapping(allowedKeys: Self.topLevelKeys) {
            switch key {
            case "extends": fragment.extends = try extends(value)
            case "exclude": fragment.exclude = try value.globList()
            case "modules": fragment.modules = try modules(value)
            case "features": try features(value, into: &fragment)
            case "layers":
                fragment.entryNodes = fragment.entryNodes.filter { if case .layer = $0.key { false } else { true } }
                fragment.layers = try layers(value, entryNodes: &fragment.entryNodes)
            case "rules": fragment.rules = try rules(value)
            case "tuist": try tuist(value, into: &fragment)
            case "forbidden", "allowed", "required":
                fragment.moduleRules[key] = try CustomRuleParser(isPreset: source.isPreset).moduleRules(value, section: key)
            case "allowedSeverity": fragment.allowedSeverity = try CustomRuleParser(isPreset: source.isPreset).severity(value)
            case "types": fragment.typeRules = try CustomRuleParser(isPreset: source.isPreset).types(value)
            default: break
            }
        }
        return fragment
    }

    private func extends(_ node: ConfigNode) throws(ConfigurationError) -> [ConfigurationFragment.Reference] {
        if case .scalar = node.node {
            guard node.node.resolvedTagName == .str else { throw node.typeError(expected: "a preset name, a path, or a list of them") }
            return [.init(name: try node.string(), node: node)]
        }
        guard case .sequence = node.node else { throw node.typeError(expected: "a preset name, a path, or a list of them") }
        var references: [ConfigurationFragment.Reference] = []
        for item in try node.list() { references.append(.init(name: try item.string(), node: item)) }
        return references
    }

    private func modules(_ node: ConfigNode) throws(ConfigurationError) -> [ModuleMapping] {
        var mappings: [ModuleMapping] = []
        for item in try node.list() {
            guard case .mapping = item.node else { throw item.typeError(expected: "a mapping {path: glob, name: module}") }
            var path: String?
            var name: String?
            var type: ModuleType?
            var dependencies: [String]?
            for (key, value) in try item.mapping(allowedKeys: Self.moduleKeys) {
                switch key {
                case "path": path = try value.glob()
                case "name": name = try value.string()
                case "type": type = try moduleType(value)
                default: dependencies = try moduleDependencies(value)
                }
            }
            guard let path else { throw item.error("\(item.quotedPath) needs a 'path' (a glob over file paths)") }
            guard let name else { throw item.error("\(item.quotedPath) needs a 'name' (the module name; $1… are the path's wildcards)") }
            let wildcards = Self.wildcardCount(path)
            for reference in Self.captureReferences(name) where reference > wildcards {
                throw item.error("'\(item.path).name' uses $\(reference) but the path \"\(path)\" has \(wildcards) wildcard\(wildcards == 1 ? "" : "s")")
            }
            mappings.append(ModuleMapping(path: path, name: name, type: type, dependencies: dependencies))
        }
        return mappings
    }

    /// A `modules:` entry's `type:`: any module type archlint knows (`app`, `framework`, `unit-test`, …).
    private func moduleType(_ node: ConfigNode) throws(ConfigurationError) -> ModuleType {
        let text = try node.string()
        guard let type = ModuleType(rawValue: text) else {
            let allowed = ModuleType.allCases.map(\.rawValue)
            throw node.error(
                "unknown module type '\(text)' in \(node.quotedPath)\(Suggestion.didYouMean(text, among: allowed)); "
                    + "use one of: \(allowed.joined(separator: ", "))")
        }
        return type
    }

    /// A `modules:` entry's `dependencies:`: names of the modules it depends on, each once.
    private func moduleDependencies(_ node: ConfigNode) throws(ConfigurationError) -> [String] {
        guard case .sequence = node.node else { throw node.typeError(expected: "a list of module names") }
        var names: [String] = []
        for item in try node.list() {
            let name = try item.string()
            guard !name.isEmpty else { throw item.error("\(item.quotedPath) is empty; give a module name") }
            guard !names.contains(name) else { throw item.error("\(item.quotedPath): '\(name)' is listed twice") }
            names.append(name)
        }
        return names
    }

    /// `tuist: {folderConventions: true}`.
    private func tuist(_ node: ConfigNode, into fragment: inout ConfigurationFragment) throws(ConfigurationError) {
        for (_, value) in try node.mapping(allowedKeys: Self.tuistKeys) {
            guard case .scalar = value.node, value.node.resolvedTagName == .bool, let enabled = value.node.bool else {
                throw value.typeError(expected: "true or false")
            }
            fragment.tuistFolderConventions = enabled
        }
    }

    private func features(_ node: ConfigNode, into fragment: inout ConfigurationFragment) throws(ConfigurationError) {
        for (key, value) in try node.mapping(allowedKeys: Self.featureKeys) {
            switch key {
            case "modules":
                fragment.featureModules = try value.modulePatternList()
                fragment.entryNodes[.featureModules] = try value.list()
            case "shared":
                fragment.featureShared = try value.modulePatternList()
                fragment.entryNodes[.featureShared] = try value.list()
            default:
                fragment.featureInterfaces = try interfacePatterns(value)
                fragment.entryNodes[.featureInterfaces] = try value.list()
            }
        }
    }

    /// Globs where `{feature}` stands for the feature's name.
    private func interfacePatterns(_ node: ConfigNode) throws(ConfigurationError) -> [String] {
        guard case .sequence = node.node else { throw node.typeError(expected: "a list of patterns") }
        var patterns: [String] = []
        for item in try node.list() {
            let pattern = try item.string()
            if pattern == "!" { throw item.error("bad glob in \(item.quotedPath): '!' needs a pattern after it") }
            if let placeholder = Self.unknownPlaceholder(in: pattern) {
                throw item.error("unknown placeholder '{\(placeholder)}' in \(item.quotedPath); the only placeholder is {feature}")
            }
            do {
                _ = try Glob(String(pattern.drop { $0 == "!" }).replacingOccurrences(of: "{feature}", with: "F"))
            } catch {
                throw item.error("bad glob in \(item.quotedPath): \(error)")
            }
            patterns.append(pattern)
        }
        return patterns
    }

    /// Also records each entry's node in `entryNodes` (for `config-shadowed-entry`).
    private func layers(
        _ node: ConfigNode, entryNodes: inout [ShadowedEntry.List: [ConfigNode]]
    ) throws(ConfigurationError) -> [LayerConfiguration] {
        var layers: [LayerConfiguration] = []
        var nameLines: [String: ConfigNode] = [:]
        for item in try node.list() {
            guard case .mapping = item.node else { throw item.typeError(expected: "a mapping {name: …, modules: [globs]}") }
            var name: String?
            var modules: [String]?
            var modulesNode: ConfigNode?
            for (key, value) in try item.mapping(allowedKeys: Self.layerKeys) {
                if key == "name" {
                    name = try value.string()
                    if let first = nameLines[name!] {
                        throw value.error("duplicate layer name '\(name!)' (first declared at \(Self.position(first))); layer names must be unique")
                    }
                    nameLines[name!] = value
                } else {
                    modules = try value.modulePatternList()
                    modulesNode = value
                }
            }
            guard let name else { throw item.error("\(item.quotedPath) needs a 'name'") }
            guard let modules, let modulesNode else { throw item.error("layer '\(name)' needs 'modules' (a list of module-name globs)") }
            guard !modules.isEmpty else { throw modulesNode.error("layer '\(name)' has no modules; list at least one module-name glob") }
            guard modules.contains(where: { !$0.hasPrefix("!") }) else {
                throw modulesNode.error("layer '\(name)' lists only exclusions; add the modules it holds (a '!' entry only takes modules out of its own layer)")
            }
            entryNodes[.layer(layers.count)] = try modulesNode.list()
            layers.append(LayerConfiguration(name: name, modules: modules))
        }
        return layers
    }

    private func rules(_ node: ConfigNode) throws(ConfigurationError) -> [String: ConfigurationFragment.RulePatch] {
        var patches: [String: ConfigurationFragment.RulePatch] = [:]
        guard case .mapping = node.node else { throw node.typeError(expected: "a mapping of rule id → severity") }
        for (id, value) in try node.mapping() {
            guard rules[id] != nil else {
                let known = Set(rules.keys)
                let keyNode = Self.keyNode(for: id, in: node)
                throw keyNode.error("unknown rule id '\(id)'\(Suggestion.didYouMean(id, among: known.sorted())) (`archlint rules` lists every rule)")
            }
            patches[id] = try rulePatch(id: id, value)
        }
        return patches
    }

    private func rulePatch(id: String, _ node: ConfigNode) throws(ConfigurationError) -> ConfigurationFragment.RulePatch {
        if case .scalar = node.node {
            return .init(severity: try severity(node, ruleID: id), options: nil)
        }
        guard case .mapping = node.node else {
            throw node.typeError(expected: "a severity (error, warning, note, off) or a mapping {severity, options}")
        }
        var severity: RuleSeverity?
        var options: [String: ConfigValue]?
        for (key, value) in try node.mapping(allowedKeys: Self.ruleKeys) {
            if key == "severity" {
                severity = try self.severity(value, ruleID: id)
            } else {
                options = try self.options(value, ruleID: id)
            }
        }
        guard let severity else { throw node.error("rule '\(id)' needs a 'severity' (error, warning, note or off)") }
        return .init(severity: severity, options: options ?? [:])
    }

    private func severity(_ node: ConfigNode, ruleID: String) throws(ConfigurationError) -> RuleSeverity {
        let names = RuleSeverity.allCases.map(\.rawValue)
        guard case .scalar(let scalar) = node.node, node.node.resolvedTagName == .str || node.node.resolvedTagName == .bool else {
            throw node.error("the severity of rule '\(ruleID)' must be one of \(names.joined(separator: ", ")), found \(node.kindDescription)")
        }
        guard let severity = RuleSeverity(rawValue: scalar.string) else {
            let hint = Suggestion.closest(to: scalar.string, among: names).map { "; did you mean '\($0)'?" }
                ?? "; expected one of \(names.joined(separator: ", "))"
            throw node.error("invalid severity '\(scalar.string)' for rule '\(ruleID)'\(hint)")
        }
        return severity
    }

    private func options(_ node: ConfigNode, ruleID: String) throws(ConfigurationError) -> [String: ConfigValue] {
        guard case .mapping = node.node else { throw node.typeError(expected: "a mapping of option name → value") }
        let specs = rules[ruleID]?.options ?? []
        let names = specs.map(\.name)
        if names.isEmpty, let first = try node.mapping().first {
            throw Self.keyNode(for: first.key, in: node).error("rule '\(ruleID)' takes no options")
        }
        var options: [String: ConfigValue] = [:]
        for (key, value) in try node.mapping(allowedKeys: names) {
            let spec = specs.first { $0.name == key }!
            options[key] = try option(value, spec, ruleID: ruleID)
        }
        return options
    }

    /// A value of the option's kind; a value of another type names the rule, the option and the type it wants.
    private func option(_ node: ConfigNode, _ spec: RuleOptionSchema, ruleID: String) throws(ConfigurationError) -> ConfigValue {
        func wrongType() -> ConfigurationError {
            node.error("option '\(spec.name)' of rule '\(ruleID)' must be \(spec.kind.wording), found \(node.kindDescription)")
        }
        switch spec.kind {
        case .stringList:
            guard case .sequence = node.node else { throw wrongType() }
            return .list(try node.stringList().map(ConfigValue.string))
        case .globList:
            guard case .sequence = node.node else { throw wrongType() }
            return .list(try node.globList().map(ConfigValue.string))
        case .bool:
            guard case .scalar = node.node, node.node.resolvedTagName == .bool, let value = node.node.bool else {
                throw wrongType()
            }
            return .bool(value)
        case .allowList:
            guard case .sequence = node.node else { throw wrongType() }
            var pairs: [ConfigValue] = []
            for item in try node.list() {
                guard case .mapping = item.node else { throw item.typeError(expected: "a mapping {from: glob, to: glob}") }
                var pair: [String: ConfigValue] = [:]
                for (key, value) in try item.mapping(allowedKeys: Self.allowKeys) { pair[key] = .string(try value.glob()) }
                for key in Self.allowKeys where pair[key] == nil {
                    throw item.error("\(item.quotedPath) needs '\(key)' (a module-name glob)")
                }
                pairs.append(.map(pair))
            }
            return .list(pairs)
        case .unsupported:
            throw wrongType()
        }
    }

    // MARK: Helpers

    /// The key node of `key` in a mapping node, for errors that point at a key rather than its value.
    private static func keyNode(for key: String, in node: ConfigNode) -> ConfigNode {
        guard case .mapping(let mapping) = node.node,
              let keyNode = mapping.keys.first(where: { $0.scalar?.string == key })
        else { return node }
        return ConfigNode(node: keyNode, path: node.path.isEmpty ? key : "\(node.path).\(key)", source: node.source)
    }

    static func position(_ node: ConfigNode) -> String {
        guard let mark = node.mark else { return node.source.file }
        let location = node.source.location(of: mark)
        return "line \(location.line), column \(location.column)"
    }

    /// `*` and `**` in a path glob, each a `$n` capture.
    static func wildcardCount(_ glob: String) -> Int {
        var count = 0
        var previousWasStar = false
        for character in glob {
            if character == "*" {
                if !previousWasStar { count += 1 }
                previousWasStar = true
            } else {
                previousWasStar = false
            }
        }
        return count
    }

    /// The numbers in `$1`, `$2`, … of a module-name template.
    static func captureReferences(_ template: String) -> [Int] {
        var references: [Int] = []
        var characters = template[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "$", let number = characters.first?.wholeNumberValue {
                references.append(number)
                characters = characters.dropFirst()
            }
        }
        return references
    }

    /// A `{word}` that isn't `{feature}` and has no comma (so it can't be a `{a,b}` alternative).
    static func unknownPlaceholder(in pattern: String) -> String? {
        var rest = pattern[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return nil }
            let word = rest[rest.index(after: open)..<close]
            if word != "feature", !word.contains(","), !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                return String(word)
            }
            rest = rest[rest.index(after: close)...]
        }
        return nil
    }
}
