/// One entry of a module-name list in the configuration (`layers[].modules`, `features.modules`,
/// `features.interfaces`, `features.shared`): a glob over module names, or `!glob`, which takes the modules it
/// matches out of that list.
public struct ModulePattern: Hashable, Sendable {
    /// As written, `!` included.
    public let text: String
    public let isExclusion: Bool
    /// The glob, without `!`.
    public let glob: Glob
    /// 0 for a literal name; otherwise 1 + the number of wildcards (`*`, `**`, `?`, `{…}`): lower is more specific.
    public let specificity: Int

    /// `placeholder` (`{feature}`) stands for any name here: it counts as one wildcard.
    public init(_ text: String, placeholder: String? = nil) throws {
        self.text = text
        isExclusion = text.hasPrefix("!")
        var body = isExclusion ? String(text.dropFirst()) : text
        if let placeholder { body = body.replacing(placeholder, with: "*") }
        glob = try Glob(body)
        specificity = glob.isLiteral ? 0 : 1 + Self.wildcards(in: body)
    }

    private static func wildcards(in pattern: String) -> Int {
        var count = 0
        var previous: Character?
        for character in pattern {
            if character == "?" || character == "{" || (character == "*" && previous != "*") { count += 1 }
            previous = character
        }
        return count
    }

    /// False when no name can match both: a literal the other doesn't match, or literal starts (ends) where
    /// neither is a prefix (suffix) of the other. True when unsure.
    func mayOverlap(_ other: ModulePattern) -> Bool {
        if glob.isLiteral { return other.glob.matches(glob.pattern) }
        if other.glob.isLiteral { return glob.matches(other.glob.pattern) }
        let (prefix, otherPrefix) = (glob.literalPrefix, other.glob.literalPrefix)
        if !prefix.starts(with: otherPrefix) && !otherPrefix.starts(with: prefix) { return false }
        let (suffix, otherSuffix) = (glob.literalSuffix, other.glob.literalSuffix)
        if !suffix.reversed().starts(with: otherSuffix.reversed()) && !otherSuffix.reversed().starts(with: suffix.reversed()) {
            return false
        }
        return true
    }
}

/// A module-name list compiled once: a name is in it when a positive entry matches it and no `!` entry does.
/// Entries that aren't valid globs are dropped (the configuration loader has reported them).
public struct ModulePatternList: Sendable {
    public let entries: [ModulePattern]
    private let positives: GlobSet
    private let exclusions: GlobSet

    public init(_ texts: [String], placeholder: String? = nil) {
        entries = texts.compactMap { try? ModulePattern($0, placeholder: placeholder) }
        positives = GlobSet(entries.filter { !$0.isExclusion }.map(\.glob))
        exclusions = GlobSet(entries.filter(\.isExclusion).map(\.glob))
    }

    public var isEmpty: Bool { entries.isEmpty }

    public func matches(_ name: String) -> Bool {
        positives.matches(name) && !exclusions.matches(name)
    }
}

/// A configuration entry that can never decide anything (`config-shadowed-entry`), found from the configuration
/// alone. The loader turns each into a warning at the entry's line and column.
public struct ShadowedEntry: Hashable, Sendable {
    /// Which list an entry is in.
    public enum List: Hashable, Sendable {
        case layer(Int)
        case featureModules, featureInterfaces, featureShared
    }

    public struct Entry: Hashable, Sendable {
        public var list: List
        /// Index in that list.
        public var index: Int
    }

    public enum Reason: Hashable, Sendable {
        /// The same text is listed earlier (in the same list, or in an earlier layer), so the earlier one always
        /// wins a tie.
        case duplicate(of: Entry)
        /// A `!` entry of the same list excludes every name this literal matches.
        case excluded(by: Entry)
        /// A `!` entry that no positive entry of its list can match a name of.
        case excludesNothing
    }

    public var entry: Entry
    public var reason: Reason

    /// Past this many `!glob` × positive entry pairs in one list, a `!glob` entry is not checked for excluding
    /// nothing (literals always are).
    public static let pairwiseBound = 1_000_000

    /// Every shadowed entry of `layers` and `features`, in list order.
    public static func find(layers: [LayerConfiguration], features: FeatureConfiguration) -> [ShadowedEntry] {
        var found: [ShadowedEntry] = []
        // Layers: a text listed in two layers (or twice in one) is decided by the first.
        var firstPositive: [String: Entry] = [:]
        for (layerIndex, layer) in layers.enumerated() {
            found += check(layer.modules, list: .layer(layerIndex), firstPositive: &firstPositive)
        }
        for (list, texts) in [(List.featureModules, features.modules), (.featureInterfaces, features.interfaces), (.featureShared, features.shared)] {
            var first: [String: Entry] = [:]
            found += check(texts, list: list, placeholder: list == .featureInterfaces ? "{feature}" : nil, firstPositive: &first)
        }
        return found
    }

    private static func check(
        _ texts: [String], list: List, placeholder: String? = nil, firstPositive: inout [String: Entry]
    ) -> [ShadowedEntry] {
        let entries = texts.enumerated().compactMap { index, text in
            (try? ModulePattern(text, placeholder: placeholder)).map { (index, $0) }
        }
        let positives = entries.filter { !$0.1.isExclusion }
        let exclusions = entries.filter { $0.1.isExclusion }
        // Literals are looked up through indexed sets; glob-against-glob checks are pairwise, so past a bound they
        // are skipped (a huge list costs at most `pairwiseBound` comparisons).
        let positiveSet = GlobSet(positives.map(\.1.glob))
        let exclusionSet = GlobSet(exclusions.map(\.1.glob))
        let globExclusions = exclusions.filter { !$0.1.glob.isLiteral }.count
        let comparePairwise = globExclusions * positives.count <= pairwiseBound
        var found: [ShadowedEntry] = []
        var firstExclusion: [String: Entry] = [:]
        for (index, pattern) in entries {
            let entry = Entry(list: list, index: index)
            if pattern.isExclusion {
                if let earlier = firstExclusion[pattern.text] {
                    found.append(ShadowedEntry(entry: entry, reason: .duplicate(of: earlier)))
                } else {
                    firstExclusion[pattern.text] = entry
                    let excludesSomething = pattern.glob.isLiteral
                        ? positiveSet.matches(pattern.glob.pattern)
                        : !comparePairwise || positives.contains(where: { pattern.mayOverlap($0.1) })
                    if !excludesSomething {
                        found.append(ShadowedEntry(entry: entry, reason: .excludesNothing))
                    }
                }
                continue
            }
            if let earlier = firstPositive[texts[index]] {
                found.append(ShadowedEntry(entry: entry, reason: .duplicate(of: earlier)))
                continue
            }
            firstPositive[texts[index]] = entry
            if pattern.glob.isLiteral, let exclusion = exclusionSet.firstMatch(pattern.glob.pattern) {
                found.append(ShadowedEntry(entry: entry, reason: .excluded(by: Entry(list: list, index: exclusions[exclusion].0))))
            }
        }
        return found
    }
}
