import ArchlintModel

/// The result of comparing a run's diagnostics with a baseline.
public struct BaselineMatch: Hashable, Sendable {
    /// Not in the baseline: these are reported and decide the exit code.
    public var new: [Diagnostic]
    /// In the baseline: not reported, only counted ("N known violations ignored").
    public var known: [Diagnostic]
    /// Baseline occurrences that matched nothing: fixed violations. `count` is how many of the entry's
    /// occurrences are gone.
    public var fixed: [Baseline.Entry]
    /// The baseline rewritten to what still matches (never grows): write it back to shrink the file.
    public var shrunk: Baseline

    public var fixedCount: Int { fixed.reduce(0) { $0 + $1.count } }
}

extension Baseline {
    /// Splits `diagnostics` into new and known. For a key recorded `n` times, up to `n` current occurrences are
    /// known: first those in files the entry was recorded in, then any others (a moved file stays known). Lines
    /// never matter, so inserting or deleting lines anywhere changes nothing.
    public func match(_ diagnostics: [Diagnostic]) -> BaselineMatch {
        var recorded: [BaselineKey: Entry] = [:]
        recorded.reserveCapacity(entries.count)
        for entry in entries { recorded[entry.key] = entry }
        var new: [Diagnostic] = []
        var known: [Diagnostic] = []
        var knownCountByKey: [BaselineKey: Int] = [:]
        // What `Baseline(recording: known)` would build, without sorting the known diagnostics again.
        var shrunkEntries: [Entry] = []

        let sorted = diagnostics.sorted(by: Diagnostic.stableOrder)
        let groups = Dictionary(grouping: sorted.indices, by: { BaselineKey(sorted[$0]) })
        var isKnown = [Bool](repeating: false, count: sorted.count)
        for (key, indices) in groups {
            guard let entry = recorded[key] else { continue }
            var budget = entry.count
            var recordedFiles = Self.multiset(entry.files)
            for index in indices where budget > 0 {
                let file = sorted[index].location.file
                if let left = recordedFiles[file], left > 0 {
                    recordedFiles[file] = left - 1
                    isKnown[index] = true
                    budget -= 1
                }
            }
            for index in indices where budget > 0 && !isKnown[index] {
                isKnown[index] = true
                budget -= 1
            }
            knownCountByKey[key] = entry.count - budget
            let knownIndices = indices.filter { isKnown[$0] }
            if let first = knownIndices.first {
                shrunkEntries.append(Entry(
                    key: key, count: knownIndices.count, files: knownIndices.map { sorted[$0].location.file },
                    message: sorted[first].message))
            }
        }
        for (index, diagnostic) in sorted.enumerated() {
            if isKnown[index] { known.append(diagnostic) } else { new.append(diagnostic) }
        }

        let fixed = entries.compactMap { entry -> Entry? in
            let gone = entry.count - (knownCountByKey[entry.key] ?? 0)
            guard gone > 0 else { return nil }
            return Entry(key: entry.key, count: gone, files: [], message: entry.message)
        }
        return BaselineMatch(new: new, known: known, fixed: fixed, shrunk: Baseline(entries: shrunkEntries))
    }

    private static func multiset(_ values: [String]) -> [String: Int] {
        values.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
}
