/// A team's own architecture rules, written as data in `.archlint.yml` (`forbidden:`, `allowed:`, `required:`,
/// `types:`). Each finding's id is `custom:<name>`; `allowed:` findings are `custom:not-in-allowed`.
public struct CustomRules: Codable, Hashable, Sendable {
    /// Module edges that must not exist.
    public var forbidden: [ModuleRule]
    /// The only module edges that may exist; every other edge is reported at `allowedSeverity`.
    public var allowed: [ModuleRule]
    public var allowedSeverity: RuleSeverity
    /// A module matching `from` must depend on a module matching `to`.
    public var required: [ModuleRule]
    /// Rules over type declarations.
    public var types: [TypeRule]

    public init(
        forbidden: [ModuleRule] = [], allowed: [ModuleRule] = [], allowedSeverity: RuleSeverity = .warning,
        required: [ModuleRule] = [], types: [TypeRule] = []
    ) {
        self.forbidden = forbidden
        self.allowed = allowed
        self.allowedSeverity = allowedSeverity
        self.required = required
        self.types = types
    }

    public var isEmpty: Bool { forbidden.isEmpty && allowed.isEmpty && required.isEmpty && types.isEmpty }

    /// The rule id of every finding of an entry named `name`.
    public static func ruleID(_ name: String) -> String { prefix + name }
    public static let prefix = "custom:"
    /// The id of what `allowed:` reports: an edge no entry allows.
    public static let notInAllowedID = "custom:not-in-allowed"

    /// Every id these rules can report, in config order.
    public var ruleIDs: [String] {
        (forbidden + required).map { Self.ruleID($0.name) } + types.map { Self.ruleID($0.name) }
            + (allowed.isEmpty ? [] : [Self.notInAllowedID])
    }
}

/// Where a configuration entry was written (the configuration file as the loader names it, 1-based line and
/// UTF-8 column), and whether it came from a built-in preset.
public struct ConfigLocation: Codable, Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var isPreset: Bool

    public init(file: String, line: Int, column: Int, isPreset: Bool) {
        self.file = file
        self.line = line
        self.column = column
        self.isPreset = isPreset
    }
}

/// `forbidden:`, `allowed:` and `required:` entries.
public struct ModuleRule: Codable, Hashable, Sendable {
    public var name: String
    public var severity: RuleSeverity
    /// The team's words: why the rule exists and what to do instead (the finding's advice).
    public var comment: String?
    public var from: ModuleSelector
    public var to: ModuleSelector
    public var location: ConfigLocation?

    public init(
        name: String, severity: RuleSeverity = .warning, comment: String? = nil, from: ModuleSelector = .init(),
        to: ModuleSelector = .init(), location: ConfigLocation? = nil
    ) {
        self.name = name
        self.severity = severity
        self.comment = comment
        self.from = from
        self.to = to
        self.location = location
    }
}

/// Which modules an entry's `from` or `to` means. Every key given must match; lists match any of their values.
public struct ModuleSelector: Codable, Hashable, Sendable {
    /// Module-name globs.
    public var module: [String]?
    public var moduleNot: [String]?
    /// Configured layer names (globs).
    public var layer: [String]?
    /// The feature a module belongs to (a feature, or a feature's test target), as globs over feature names.
    public var feature: [String]?
    /// What the module builds or is: a module type (`app`, `framework`, `unit-test`, `external`, …) or an
    /// architectural kind (`feature`, `interface`, `core`, `test`).
    public var kind: [String]?
    /// File globs: in `from`, the file that imports (or declares the dependency); in `to`, any file the module
    /// compiles.
    public var path: [String]?
    public var pathNot: [String]?
    /// Globs over the manifest or project that declares the module.
    public var project: [String]?
    /// `to` only: the module is external (not built from this repository).
    public var external: Bool?
    /// `to` only: the edge is part of a dependency cycle.
    public var circular: Bool?
    /// `to` only: true — every module reachable from `from` through any path; false — modules that no `from`
    /// module reaches.
    public var reachable: Bool?
    /// `to` only, with `reachable: true` or `circular: true`: the path passes through a module matching this.
    public var via: [ModuleSelector]?

    public init(
        module: [String]? = nil, moduleNot: [String]? = nil, layer: [String]? = nil, feature: [String]? = nil,
        kind: [String]? = nil, path: [String]? = nil, pathNot: [String]? = nil, project: [String]? = nil,
        external: Bool? = nil, circular: Bool? = nil, reachable: Bool? = nil, via: [ModuleSelector]? = nil
    ) {
        self.module = module
        self.moduleNot = moduleNot
        self.layer = layer
        self.feature = feature
        self.kind = kind
        self.path = path
        self.pathNot = pathNot
        self.project = project
        self.external = external
        self.circular = circular
        self.reachable = reachable
        self.via = via
    }
}

/// A `types:` entry: the declarations `select` picks must (or must not) have a property.
public struct TypeRule: Codable, Hashable, Sendable {
    public var name: String
    public var severity: RuleSeverity
    public var comment: String?
    /// Any of these selectors picks a declaration (a single mapping in the file is a one-element list).
    public var select: [TypeSelector]
    public var must: TypeAssertion?
    public var mustNot: TypeAssertion?
    public var location: ConfigLocation?

    public init(
        name: String, severity: RuleSeverity = .warning, comment: String? = nil, select: [TypeSelector],
        must: TypeAssertion? = nil, mustNot: TypeAssertion? = nil, location: ConfigLocation? = nil
    ) {
        self.name = name
        self.severity = severity
        self.comment = comment
        self.select = select
        self.must = must
        self.mustNot = mustNot
        self.location = location
    }
}

/// Which type declarations a `types:` entry means. Every key given must match.
public struct TypeSelector: Codable, Hashable, Sendable {
    /// `class`, `struct`, `enum`, `protocol`, `extension`, `actor`.
    public var kind: [String]?
    /// Type-name globs.
    public var name: [String]?
    /// Module-name globs, layer names and feature globs of the module that declares it.
    public var module: [String]?
    public var layer: [String]?
    public var feature: [String]?
    /// Superclass globs (direct, or through classes declared in the repository).
    public var inherits: [String]?
    /// Protocol globs (in the declaration's or an extension's inheritance clause, or through protocols declared in
    /// the repository).
    public var conforms: [String]?
    /// Attributes without `@` (`MainActor`, `Observable`).
    public var attribute: [String]?
    /// `public`, `internal`, … (no modifier is `internal`).
    public var access: [String]?

    public init(
        kind: [String]? = nil, name: [String]? = nil, module: [String]? = nil, layer: [String]? = nil,
        feature: [String]? = nil, inherits: [String]? = nil, conforms: [String]? = nil, attribute: [String]? = nil,
        access: [String]? = nil
    ) {
        self.kind = kind
        self.name = name
        self.module = module
        self.layer = layer
        self.feature = feature
        self.inherits = inherits
        self.conforms = conforms
        self.attribute = attribute
        self.access = access
    }
}

/// What a selected declaration must (or must not) do. Under `must`, every key given must hold; under `mustNot`,
/// each key that holds is a finding.
public struct TypeAssertion: Codable, Hashable, Sendable {
    /// Superclass globs.
    public var inherit: [String]?
    /// Protocol globs.
    public var conform: [String]?
    /// Type-name globs the declaration uses: in stored or computed properties, function and initialiser
    /// parameters, local variables, and calls on values of those types.
    public var reference: [String]?
    /// Module-name globs the declaration must live in.
    public var beIn: [String]?
    /// Name suffixes.
    public var haveSuffix: [String]?

    public init(
        inherit: [String]? = nil, conform: [String]? = nil, reference: [String]? = nil, beIn: [String]? = nil,
        haveSuffix: [String]? = nil
    ) {
        self.inherit = inherit
        self.conform = conform
        self.reference = reference
        self.beIn = beIn
        self.haveSuffix = haveSuffix
    }
}
