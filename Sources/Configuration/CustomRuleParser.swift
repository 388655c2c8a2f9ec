import ArchlintModel

/// Reads `forbidden:`, `allowed:`, `allowedSeverity:`, `required:` and `types:` strictly: every unknown key,
/// wrong type, bad glob or contradictory entry is an error at its line and column.
struct CustomRuleParser {
    static let moduleRuleKeys = ["name", "severity", "comment", "from", "to"]
    static let fromKeys = ["module", "moduleNot", "layer", "feature", "kind", "path", "pathNot", "project"]
    static let toKeys = fromKeys + ["external", "circular", "reachable", "via"]
    static let typeRuleKeys = ["name", "severity", "comment", "select", "must", "mustNot"]
    static let typeSelectorKeys = ["kind", "name", "module", "layer", "feature", "inherits", "conforms", "attribute", "access"]
    static let assertionKeys = ["inherit", "conform", "reference", "beIn", "haveSuffix"]
    static let typeKinds = ["class", "struct", "enum", "protocol", "actor", "extension"]
    static let accessLevels = ["open", "public", "package", "internal", "fileprivate", "private"]
    /// Architectural kinds a module selector's `kind` may name besides the module types.
    static let architecturalKinds = ["feature", "interface", "core", "test", "external"]

    let isPreset: Bool

    /// `forbidden:` / `allowed:` / `required:`.
    func moduleRules(_ node: ConfigNode, section: String) throws(ConfigurationError) -> [ModuleRule] {
        var rules: [ModuleRule] = []
        var names: [String: ConfigNode] = [:]
        for item in try node.list() {
            guard case .mapping = item.node else {
                throw item.typeError(expected: "a mapping {name, severity, comment, from, to}")
            }
            var rule = ModuleRule(name: "")
            var nameNode: ConfigNode?
            var hasFrom = false, hasTo = false
            for (key, value) in try item.mapping(allowedKeys: Self.moduleRuleKeys) {
                switch key {
                case "name":
                    rule.name = try ruleName(value)
                    nameNode = value
                case "severity": rule.severity = try severity(value)
                case "comment": rule.comment = try value.string()
                case "from":
                    rule.from = try moduleSelector(value, allowedKeys: Self.fromKeys)
                    hasFrom = true
                default:
                    rule.to = try moduleSelector(value, allowedKeys: section == "allowed" ? Self.fromKeys + ["external"] : Self.toKeys)
                    hasTo = true
                }
            }
            try register(rule.name, nameNode, of: item, in: &names, section: section)
            guard hasFrom else { throw item.error("\(item.quotedPath) needs 'from' (which modules the rule is about)") }
            if section != "required", !hasTo {
                throw item.error("\(item.quotedPath) needs 'to' (which dependencies the rule is about)")
            }
            if section == "required", !hasTo {
                throw item.error("\(item.quotedPath) needs 'to' (what a module matching 'from' must depend on)")
            }
            let captureCount = (rule.from.module ?? []).map(FragmentParser.wildcardCount).max() ?? 0
            for pattern in [rule.to.module, rule.to.moduleNot, rule.to.feature, rule.to.layer].compactMap({ $0 }).joined() {
                for reference in FragmentParser.captureReferences(pattern) where reference > captureCount {
                    throw item.error("\(item.quotedPath): 'to' uses $\(reference) but 'from.module' has \(captureCount == 0 ? "no" : "at most \(captureCount)") wildcard\(captureCount == 1 ? "" : "s") to capture it")
                }
            }
            if rule.to.reachable != nil || rule.to.circular == true,
               [rule.to.module, rule.to.moduleNot].compactMap({ $0 }).joined().contains(where: { $0.contains("$") }) {
                throw item.error("\(item.quotedPath): $1… captures work on direct dependencies only, not with 'reachable' or 'circular'")
            }
            if rule.to.via != nil, rule.to.reachable != true, rule.to.circular != true {
                throw item.error("\(item.quotedPath): 'to.via' needs 'reachable: true' or 'circular: true' (a path to pass through)")
            }
            if section == "required", rule.to.reachable != nil || rule.to.circular != nil {
                throw item.error("\(item.quotedPath): a 'required' entry's 'to' takes module selectors only (not reachable or circular)")
            }
            rule.location = location(of: item)
            rules.append(rule)
        }
        return rules
    }

    func types(_ node: ConfigNode) throws(ConfigurationError) -> [TypeRule] {
        var rules: [TypeRule] = []
        var names: [String: ConfigNode] = [:]
        for item in try node.list() {
            guard case .mapping = item.node else {
                throw item.typeError(expected: "a mapping {name, severity, comment, select, must or mustNot}")
            }
            var rule = TypeRule(name: "", select: [])
            var nameNode: ConfigNode?
            var hasSelect = false
            for (key, value) in try item.mapping(allowedKeys: Self.typeRuleKeys) {
                switch key {
                case "name":
                    rule.name = try ruleName(value)
                    nameNode = value
                case "severity": rule.severity = try severity(value)
                case "comment": rule.comment = try value.string()
                case "select":
                    rule.select = try typeSelectors(value)
                    hasSelect = true
                case "must": rule.must = try assertion(value)
                default: rule.mustNot = try assertion(value)
                }
            }
            try register(rule.name, nameNode, of: item, in: &names, section: "types")
            guard hasSelect else { throw item.error("\(item.quotedPath) needs 'select' (which declarations the rule is about)") }
            guard rule.must != nil || rule.mustNot != nil else {
                throw item.error("\(item.quotedPath) needs 'must' or 'mustNot' (what the selected declarations must or must not do)")
            }
            rule.location = location(of: item)
            rules.append(rule)
        }
        return rules
    }

    func severity(_ node: ConfigNode) throws(ConfigurationError) -> RuleSeverity {
        let names = RuleSeverity.allCases.map(\.rawValue)
        guard case .scalar(let scalar) = node.node, node.node.resolvedTagName == .str else {
            throw node.error("\(node.quotedPath) must be one of \(names.joined(separator: ", ")), found \(node.kindDescription)")
        }
        guard let severity = RuleSeverity(rawValue: scalar.string) else {
            throw node.error("invalid severity '\(scalar.string)' in \(node.quotedPath)\(Suggestion.didYouMean(scalar.string, among: names)); use one of \(names.joined(separator: ", "))")
        }
        return severity
    }

    // MARK: Parts

    /// An entry's name: present, and unique in its section.
    private func register(
        _ name: String, _ nameNode: ConfigNode?, of item: ConfigNode, in names: inout [String: ConfigNode], section: String
    ) throws(ConfigurationError) {
        guard let nameNode else { throw item.error("\(item.quotedPath) needs a 'name' (its findings are custom:<name>)") }
        if let first = names[name] {
            throw nameNode.error("'\(section)' has two entries named '\(name)' (the first at \(FragmentParser.position(first))); names must be unique")
        }
        names[name] = nameNode
    }

    /// Letters, digits, `-`, `_` and `.`: the name becomes the id `custom:<name>`, which suppressions and
    /// baselines spell.
    private func ruleName(_ node: ConfigNode) throws(ConfigurationError) -> String {
        let name = try node.string()
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }), name.first?.isLetter == true else {
            throw node.error("\(node.quotedPath) '\(name)' must start with a letter and use only letters, digits, '-', '_' and '.' (findings are custom:\(name))")
        }
        return name
    }

    private func moduleSelector(_ node: ConfigNode, allowedKeys: [String]) throws(ConfigurationError) -> ModuleSelector {
        guard case .mapping = node.node else { throw node.typeError(expected: "a mapping of selectors (\(allowedKeys.joined(separator: ", ")))") }
        var selector = ModuleSelector()
        for (key, value) in try node.mapping(allowedKeys: allowedKeys) {
            switch key {
            case "module": selector.module = try globs(value)
            case "moduleNot": selector.moduleNot = try globs(value)
            case "layer": selector.layer = try globs(value)
            case "feature": selector.feature = try globs(value)
            case "kind": selector.kind = try names(value, among: ModuleType.allCases.map(\.rawValue) + Self.architecturalKinds)
            case "path": selector.path = try globs(value)
            case "pathNot": selector.pathNot = try globs(value)
            case "project": selector.project = try globs(value)
            case "external": selector.external = try bool(value)
            case "circular": selector.circular = try bool(value)
            case "reachable": selector.reachable = try bool(value)
            default:
                if case .sequence = value.node {
                    var vias: [ModuleSelector] = []
                    for item in try value.list() { vias.append(try moduleSelector(item, allowedKeys: Self.fromKeys)) }
                    selector.via = vias
                } else {
                    selector.via = [try moduleSelector(value, allowedKeys: Self.fromKeys)]
                }
            }
        }
        return selector
    }

    /// One mapping, or a list of mappings any of which selects.
    private func typeSelectors(_ node: ConfigNode) throws(ConfigurationError) -> [TypeSelector] {
        if case .sequence = node.node {
            var selectors: [TypeSelector] = []
            for item in try node.list() { selectors.append(try typeSelector(item)) }
            guard !selectors.isEmpty else { throw node.error("\(node.quotedPath) is empty; give at least one selector") }
            return selectors
        }
        return [try typeSelector(node)]
    }

    private func typeSelector(_ node: ConfigNode) throws(ConfigurationError) -> TypeSelector {
        guard case .mapping = node.node else {
            throw node.typeError(expected: "a mapping of selectors (\(Self.typeSelectorKeys.joined(separator: ", ")))")
        }
        var selector = TypeSelector()
        for (key, value) in try node.mapping(allowedKeys: Self.typeSelectorKeys) {
            switch key {
            case "kind": selector.kind = try names(value, among: Self.typeKinds)
            case "name": selector.name = try globs(value)
            case "module": selector.module = try globs(value)
            case "layer": selector.layer = try globs(value)
            case "feature": selector.feature = try globs(value)
            case "inherits": selector.inherits = try globs(value)
            case "conforms": selector.conforms = try globs(value)
            case "attribute": selector.attribute = try strings(value).map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }
            default: selector.access = try names(value, among: Self.accessLevels)
            }
        }
        return selector
    }

    private func assertion(_ node: ConfigNode) throws(ConfigurationError) -> TypeAssertion {
        guard case .mapping = node.node else {
            throw node.typeError(expected: "a mapping (\(Self.assertionKeys.joined(separator: ", ")))")
        }
        var assertion = TypeAssertion()
        let entries = try node.mapping(allowedKeys: Self.assertionKeys)
        guard !entries.isEmpty else { throw node.error("\(node.quotedPath) is empty; say what must hold (\(Self.assertionKeys.joined(separator: ", ")))") }
        for (key, value) in entries {
            switch key {
            case "inherit": assertion.inherit = try globs(value)
            case "conform": assertion.conform = try globs(value)
            case "reference": assertion.reference = try globs(value)
            case "beIn": assertion.beIn = try globs(value)
            default: assertion.haveSuffix = try strings(value)
            }
        }
        return assertion
    }

    /// A glob or a list of globs.
    private func globs(_ node: ConfigNode) throws(ConfigurationError) -> [String] {
        if case .sequence = node.node {
            let globs = try node.globList()
            guard !globs.isEmpty else { throw node.error("\(node.quotedPath) is empty; give at least one glob") }
            return globs
        }
        return [try node.glob()]
    }

    /// A string or a list of strings.
    private func strings(_ node: ConfigNode) throws(ConfigurationError) -> [String] {
        if case .sequence = node.node {
            let strings = try node.stringList()
            guard !strings.isEmpty else { throw node.error("\(node.quotedPath) is empty") }
            return strings
        }
        return [try node.string()]
    }

    /// A name or a list of names, each one of `allowed`.
    private func names(_ node: ConfigNode, among allowed: [String]) throws(ConfigurationError) -> [String] {
        let values = try strings(node)
        let items = (try? node.list()) ?? [node]
        for (value, item) in zip(values, items) where !allowed.contains(value) {
            throw item.error("unknown value '\(value)' in \(node.quotedPath)\(Suggestion.didYouMean(value, among: allowed)); use one of: \(allowed.joined(separator: ", "))")
        }
        return values
    }

    private func bool(_ node: ConfigNode) throws(ConfigurationError) -> Bool {
        guard case .scalar = node.node, node.node.resolvedTagName == .bool, let value = node.node.bool else {
            throw node.typeError(expected: "true or false")
        }
        return value
    }

    private func location(of node: ConfigNode) -> ConfigLocation? {
        guard let mark = node.mark else { return nil }
        let location = node.source.location(of: mark)
        return ConfigLocation(file: node.source.file, line: location.line, column: location.column, isPreset: isPreset)
    }
}
