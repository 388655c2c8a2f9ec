import ArchlintModel

/// Known violations of a legacy codebase (`.archlint-baseline.json`), matched by `BaselineKey` — never by line —
/// with a count per key so two identical violations are two entries' worth, not one.
///
/// File format (version 1), written sorted and pretty-printed so it diffs well and only shrinks:
///
///     {
///       "tool": "archlint",
///       "version": 1,
///       "violations": [
///         {"rule": "cross-feature-import", "module": "GachaFeature",
///          "subject": ["GachaFeature", "ProfileFeature", "ProfileFeature"], "file": null,
///          "count": 2, "files": ["A.swift", "B.swift"], "message": "…"}
///       ]
///     }
///
/// `rule`, `module`, `subject`, `file` and `count` are the key and its multiplicity. `files` (one per occurrence)
/// and `message` are for reviewers; `files` also decides, when a key has more occurrences than recorded, which
/// ones are the new ones (those in files the entry wasn't seen in).
public struct Baseline: Hashable, Sendable {
    public static let formatVersion = 1

    public struct Entry: Hashable, Sendable {
        public var key: BaselineKey
        public var count: Int
        /// Root-relative file of each recorded occurrence, sorted (so `files.count == count` when written by archlint).
        public var files: [String]
        /// The first occurrence's message, for humans.
        public var message: String?

        public init(key: BaselineKey, count: Int, files: [String] = [], message: String? = nil) {
            self.key = key
            self.count = count
            self.files = files
            self.message = message
        }
    }

    /// One entry per key, sorted by key.
    public private(set) var entries: [Entry]

    public init(entries: [Entry] = []) {
        // Merged in place (entries of one key add up), in input order.
        var indexOfKey: [BaselineKey: Int] = [:]
        var merged: [Entry] = []
        merged.reserveCapacity(entries.count)
        for entry in entries where entry.count > 0 {
            if let index = indexOfKey[entry.key] {
                merged[index].count += entry.count
                merged[index].files += entry.files
                merged[index].message = merged[index].message ?? entry.message
            } else {
                indexOfKey[entry.key] = merged.count
                merged.append(entry)
            }
        }
        for index in merged.indices where !merged[index].files.isEmpty { merged[index].files.sort() }
        // Sorted by each key's canonical text, computed once per entry (not once per comparison); a file written
        // by archlint is already in order, which one linear pass confirms.
        let texts = merged.map(\.key.canonicalText)
        if zip(texts, texts.dropFirst()).contains(where: { $0 >= $1 }) {
            let order = texts.indices.sorted { texts[$0] < texts[$1] }
            merged = order.map { merged[$0] }
        }
        self.entries = merged
    }

    /// Records every given diagnostic as known.
    public init(recording diagnostics: [Diagnostic]) {
        let groups = Dictionary(grouping: diagnostics.sorted(by: Diagnostic.stableOrder), by: BaselineKey.init)
        self.init(entries: groups.map { key, occurrences in
            Entry(key: key, count: occurrences.count, files: occurrences.map(\.location.file), message: occurrences.first?.message)
        })
    }

    /// Total number of recorded violations.
    public var violationCount: Int { entries.reduce(0) { $0 + $1.count } }

    public var isEmpty: Bool { entries.isEmpty }
}
