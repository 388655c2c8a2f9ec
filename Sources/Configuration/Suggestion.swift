/// "Did you mean" suggestions by edit distance.
public enum Suggestion {
    /// The candidate closest to `word`, when it is close enough to be a plausible typo.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? Int.max) || (distance == best?.distance && candidate < best!.candidate) {
                best = (candidate, distance)
            }
        }
        guard let best else { return nil }
        let tolerance = max(2, best.candidate.count / 3)
        return best.distance <= tolerance ? best.candidate : nil
    }

    /// `; did you mean 'x'?` or an empty string.
    public static func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String {
        guard let suggestion = closest(to: word, among: candidates) else { return "" }
        return "; did you mean '\(suggestion)'?"
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let lhs = Array(lhs), rhs = Array(rhs)
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let substitution = previous[j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }
}
