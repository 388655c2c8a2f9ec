/// An ordered list of globs compiled once, answering "which is the first glob that matches?" without trying
/// every glob: literal globs are looked up in a table, and the others are indexed by the literal text every
/// match starts (or, failing that, ends) with, so a list of 10,000 globs costs a few lookups per text.
/// A set's globs share one `PathCase` (they come from one list, compiled for one volume).
public struct GlobSet: Sendable {
    public let globs: [Glob]
    /// The globs' (the first one's) case: texts are folded by it before lookup.
    let pathCase: PathCase
    /// Exact text → the first literal glob spelling it.
    private let literals: [String: Int]
    /// Literal prefix length → prefix → the globs (in order) whose matches all start with it.
    private let byPrefix: [Int: [String: [Int]]]
    /// The same by literal suffix, for globs without a literal prefix.
    private let bySuffix: [Int: [String: [Int]]]
    /// The same by literal text found anywhere in every match (`**/Generated/**`), for the others.
    private let byInfix: [Int: [String: [Int]]]
    /// Globs with none of these (`*`, `{a,b}/**`): tried on every text.
    private let unindexed: [Int]

    /// Index keys are at most this long (a prefix of a required literal is required too), so a text costs a bounded
    /// number of lookups however many different lengths the globs' literals have.
    static let maximumPrefixKey = 64
    static let maximumInfixKey = 24

    public init(_ globs: [Glob]) {
        self.globs = globs
        pathCase = globs.first?.pathCase ?? .sensitive
        var literals: [String: Int] = [:]
        var byPrefix: [Int: [String: [Int]]] = [:]
        var bySuffix: [Int: [String: [Int]]] = [:]
        var byInfix: [Int: [String: [Int]]] = [:]
        var unindexed: [Int] = []
        for (index, glob) in globs.enumerated() {
            if glob.isLiteral {
                let text = String(glob.literalPrefix)  // the pattern, folded
                if literals[text] == nil { literals[text] = index }
            } else if !glob.literalPrefix.isEmpty {
                let key = glob.literalPrefix.prefix(Self.maximumPrefixKey)
                byPrefix[key.count, default: [:]][String(key), default: []].append(index)
            } else if !glob.literalSuffix.isEmpty {
                let key = glob.literalSuffix.suffix(Self.maximumPrefixKey)
                bySuffix[key.count, default: [:]][String(key), default: []].append(index)
            } else if !glob.requiredLiteral.isEmpty {
                let key = glob.requiredLiteral.prefix(Self.maximumInfixKey)
                byInfix[key.count, default: [:]][String(key), default: []].append(index)
            } else {
                unindexed.append(index)
            }
        }
        self.literals = literals
        self.byPrefix = byPrefix
        self.bySuffix = bySuffix
        self.byInfix = byInfix
        self.unindexed = unindexed
    }

    /// Compiles `patterns`, dropping those that aren't valid globs (the configuration loader has reported them).
    public init(patterns: some Sequence<String>, pathCase: PathCase = .sensitive) {
        self.init(patterns.compactMap { try? Glob($0, pathCase: pathCase) })
    }

    public var isEmpty: Bool { globs.isEmpty }

    public func matches(_ text: String) -> Bool {
        firstMatch(text) != nil
    }

    /// The index in `globs` of the first glob matching `text`.
    public func firstMatch(_ text: String) -> Int? {
        // No globs (the usual `exclude:`): nothing to split into characters.
        guard !globs.isEmpty else { return nil }
        let characters = pathCase.fold(Array(text))
        return candidates(characters).first { globs[$0].matches(characters) }
    }

    /// The indices in `globs` of every glob matching `text`, in order.
    public func allMatches(_ text: String) -> [Int] {
        guard !globs.isEmpty else { return [] }
        let characters = pathCase.fold(Array(text))
        return candidates(characters).filter { globs[$0].matches(characters) }
    }

    /// The first glob matching `text` (and accepted by `accept`), with what its `*` and `**` matched.
    public func firstMatchWithCaptures(
        _ text: String, where accept: (_ index: Int, _ captures: [String]) -> Bool = { _, _ in true }
    ) -> (index: Int, captures: [String])? {
        guard !globs.isEmpty else { return nil }
        let characters = Array(text)
        for index in candidates(pathCase.fold(characters)) {
            if let captures = globs[index].matchWithCaptures(characters), accept(index, captures) {
                return (index, captures)
            }
        }
        return nil
    }

    /// Every glob that may match `characters`, in order.
    private func candidates(_ characters: [Character]) -> [Int] {
        var found = unindexed
        if !literals.isEmpty, let index = literals[String(characters)] { found.append(index) }
        for (length, table) in byPrefix where length <= characters.count {
            if let indices = table[String(characters[..<length])] { found += indices }
        }
        for (length, table) in bySuffix where length <= characters.count {
            if let indices = table[String(characters[(characters.count - length)...])] { found += indices }
        }
        for (length, table) in byInfix where length <= characters.count {
            var seen: Set<String> = []
            for start in 0...(characters.count - length) {
                let piece = String(characters[start..<(start + length)])
                if let indices = table[piece], seen.insert(piece).inserted { found += indices }
            }
        }
        return found.count > 1 && found != unindexed ? found.sorted() : found
    }
}
