/// Which files' declarations an analysis needs, decided before scanning from the enabled rules and the
/// configuration (`ScanDemand.lint` in Rules). A file with none of its names or name parts in code, and that no
/// needed file reaches by name (`TypeRelevance` in Workspace), is read for its imports only; every other file is
/// parsed in full.
///
/// Every consumer of `FileFacts.types` and `.calls` states the names without which a declaration can't change
/// its output (`ScanDemandProvider` in Rules); the equivalence tests compare each demand's output with
/// `.everything`'s.
public struct ScanDemand: Hashable, Sendable, CustomStringConvertible {
    /// Every file is parsed in full; the lists are empty.
    public let isEverything: Bool
    /// Identifiers that make a file needed when written whole in its code (`parent`, an argument label).
    /// Sorted and unique.
    public let names: [String]
    /// Parts of identifiers that make a file needed wherever they occur in one (`Router` in `HomeRouter`).
    public let nameParts: [String]
    /// Suffixes of names declared together: a needed file declaring `HomeRouter` makes one declaring
    /// `HomeInteractor` or `HomeBuilder` needed when the group is `[Router, Interactor, Builder]`.
    public let companions: [[String]]
    /// Every declaration and extension sharing a name with a needed one, or named in a needed header, is needed,
    /// whatever it holds (a team's type rules read types by name, and conformances through extensions).
    public let followsEveryName: Bool

    /// Every file parsed in full: what `graph`, `metrics` and the code generators read, and the reference the
    /// filtered scan is tested against.
    public static let everything = ScanDemand(isEverything: true, names: [], nameParts: [], companions: [], followsEveryName: true)

    /// Needed by every filtered demand, whatever the rules: the declaration marking needle's generated file,
    /// which changes how the file itself is classified (`FileFacts.isNeedleGenerated`).
    public static let alwaysNeeded = ["needleDependenciesHash"]

    /// No declarations needed (imports are always read): what a rule over the module graph asks.
    public static let importsOnly = ScanDemand(names: [String](), nameParts: [String]())

    public init<Names: Sequence<String>, Parts: Sequence<String>>(
        names: Names, nameParts: Parts, companions: [[String]] = [], followsEveryName: Bool = false
    ) {
        let parts = Set(nameParts.filter { !$0.isEmpty })
        self.init(
            isEverything: false,
            names: Set(names).union(Self.alwaysNeeded).filter { name in !name.isEmpty && !parts.contains { name.contains($0) } }.sorted(),
            nameParts: parts.sorted(),
            companions: Array(Set(companions.filter { $0.count > 1 })).sorted { $0.lexicographicallyPrecedes($1) },
            followsEveryName: followsEveryName)
    }

    private init(isEverything: Bool, names: [String], nameParts: [String], companions: [[String]], followsEveryName: Bool) {
        self.isEverything = isEverything
        self.names = names
        self.nameParts = nameParts
        self.companions = companions
        self.followsEveryName = followsEveryName
    }

    /// The demand of both (what two consumers need together).
    public func union(_ other: ScanDemand) -> ScanDemand {
        if isEverything || other.isEverything { return .everything }
        return ScanDemand(
            names: names + other.names, nameParts: nameParts + other.nameParts, companions: companions + other.companions,
            followsEveryName: followsEveryName || other.followsEveryName)
    }

    /// For cache keys and `--timings`.
    public var description: String {
        isEverything
            ? "everything"
            : "names " + names.joined(separator: ",") + "; parts " + nameParts.joined(separator: ",") + "; companions "
                + companions.map { $0.joined(separator: "+") }.joined(separator: ",")
                + (followsEveryName ? "; following every name" : "")
    }

    /// Whether `identifier` (a name in code) makes its file needed.
    public func matches(_ identifier: String) -> Bool {
        isEverything || names.contains(identifier) || nameParts.contains { identifier.utf8.contains(bytes: $0.utf8) }
    }
}

/// A name as the skim keeps it: a 64-bit hash of its bytes (FNV-1a). Two names can share one; then a file is
/// parsed that needn't be, never the reverse.
public struct NameKey: Hashable, Sendable, Codable, CustomStringConvertible {
    public let value: UInt64

    public init(value: UInt64) {
        self.value = value
    }

    public init<Bytes: Sequence<UInt8>>(bytes: Bytes) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        value = hash
    }

    public init(_ name: String) {
        self.init(bytes: name.utf8)
    }

    public var description: String { String(value, radix: 16) }
}

/// What the byte-level pass read of the declarations in a file that was read for its imports only: enough to
/// tell whether a file that is parsed could look it up by name or build on it. Each list is unique, in the
/// order of the keys' values.
public struct DeclarationNames: Hashable, Sendable, Codable {
    /// Every identifier right after `class`, `struct`, `enum`, `protocol` or `actor` (each part of a dotted
    /// name): a superset of the simple names its declarations would be indexed under.
    public var declared: [NameKey]
    /// Of those, the protocols', and those whose header holds more than the name (an inheritance, generic or
    /// `where` clause).
    public var declaredProtocols: [NameKey]
    public var declaredWithHeader: [NameKey]
    /// The same after `extension`: the types it extends, and those extended with a conformance or constraint.
    public var extended: [NameKey]
    public var extendedWithHeader: [NameKey]
    /// Every other identifier in those headers, up to their `{` (what they inherit, constrain or are generic
    /// over): of classes, of protocols, of the others (structs, enums, actors, extensions).
    public var referencedByClasses: [NameKey]
    public var referencedByProtocols: [NameKey]
    public var referencedByOthers: [NameKey]

    public init(
        declared: [NameKey] = [], declaredProtocols: [NameKey] = [], declaredWithHeader: [NameKey] = [],
        extended: [NameKey] = [], extendedWithHeader: [NameKey] = [], referencedByClasses: [NameKey] = [],
        referencedByProtocols: [NameKey] = [], referencedByOthers: [NameKey] = []
    ) {
        self.declared = declared
        self.declaredProtocols = declaredProtocols
        self.declaredWithHeader = declaredWithHeader
        self.extended = extended
        self.extendedWithHeader = extendedWithHeader
        self.referencedByClasses = referencedByClasses
        self.referencedByProtocols = referencedByProtocols
        self.referencedByOthers = referencedByOthers
    }

    /// Every identifier of the headers but the declared and extended names.
    public var referenced: [NameKey] { referencedByClasses + referencedByProtocols + referencedByOthers }
}

/// One file as the scanner read it for a `ScanDemand` (`FileScanner.read`).
public struct FileReading: Codable, Sendable {
    public var facts: FileFacts
    /// nil: parsed in full. Else the file was read for its imports only (its `types` and `calls` are empty), and
    /// these are the names its declarations' headers hold.
    public var skimmed: DeclarationNames?

    public init(facts: FileFacts, skimmed: DeclarationNames?) {
        self.facts = facts
        self.skimmed = skimmed
    }
}

extension String.UTF8View {
    /// Whether `part` occurs in these bytes (no Unicode comparison: names match as written).
    func contains(bytes part: String.UTF8View) -> Bool {
        guard let first = part.first, part.count <= count else { return part.isEmpty }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            if self[found...].starts(with: part) { return true }
            start = index(after: found)
        }
        return false
    }
}
