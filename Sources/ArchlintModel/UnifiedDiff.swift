/// A unified diff of two texts (3 lines of context), as `diff -u` prints it.
public enum UnifiedDiff {
    /// Above this many cells the changed middle is shown as one replacement instead of a minimal diff.
    static let maximumCells = 4_000_000

    public static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let edits = script(a, b)
        guard edits.contains(where: { $0.kind != .same }) else { return "" }
        var output = "--- \(oldName)\n+++ \(newName)\n"
        // Each change with `context` lines around it; overlapping or touching windows make one hunk.
        var windows: [Range<Int>] = []
        for (position, edit) in edits.enumerated() where edit.kind != .same {
            let window = max(0, position - context)..<min(edits.count, position + context + 1)
            if let last = windows.last, window.lowerBound <= last.upperBound {
                windows[windows.count - 1] = last.lowerBound..<max(last.upperBound, window.upperBound)
            } else {
                windows.append(window)
            }
        }
        for window in windows {
            let hunk = edits[window]
            let oldStart = hunk.first.map { $0.oldLine } ?? 0
            let newStart = hunk.first.map { $0.newLine } ?? 0
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for edit in hunk {
                switch edit.kind {
                case .same: output += " \(edit.text)\n"
                case .delete: output += "-\(edit.text)\n"
                case .insert: output += "+\(edit.text)\n"
                }
            }
        }
        return output
    }

    /// The first line (1-based) where the texts differ; nil when equal.
    public static func firstDifference(old: String, new: String) -> Int? {
        let a = lines(old)
        let b = lines(new)
        for index in 0..<max(a.count, b.count) where index >= a.count || index >= b.count || a[index] != b[index] {
            return index + 1
        }
        return nil
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
    }

    private static func lines(_ text: String) -> [Substring] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false)
        if result.last == "" { result.removeLast() }
        return result
    }

    struct Edit {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var text: Substring
        /// 1-based line numbers where this edit sits in each text.
        var oldLine: Int
        var newLine: Int
    }

    static func script(_ a: [Substring], _ b: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        var kinds: [Edit.Kind] = Array(repeating: .same, count: prefix)
        if middleA.count * middleB.count <= maximumCells {
            kinds += lcsKinds(middleA, middleB)
        } else {
            kinds += Array(repeating: .delete, count: middleA.count) + Array(repeating: .insert, count: middleB.count)
        }
        kinds += Array(repeating: .same, count: suffix)
        var edits: [Edit] = []
        var i = 0
        var j = 0
        for kind in kinds {
            switch kind {
            case .same:
                edits.append(Edit(kind: .same, text: a[i], oldLine: i + 1, newLine: j + 1))
                i += 1
                j += 1
            case .delete:
                edits.append(Edit(kind: .delete, text: a[i], oldLine: i + 1, newLine: j + 1))
                i += 1
            case .insert:
                edits.append(Edit(kind: .insert, text: b[j], oldLine: i + 1, newLine: j + 1))
                j += 1
            }
        }
        return edits
    }

    private static func lcsKinds(_ a: [Substring], _ b: [Substring]) -> [Edit.Kind] {
        let n = a.count
        let m = b.count
        var table = Array(repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i * (m + 1) + j] = a[i] == b[j]
                    ? table[(i + 1) * (m + 1) + j + 1] + 1
                    : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
            }
        }
        var kinds: [Edit.Kind] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n && j < m && a[i] == b[j] {
                kinds.append(.same)
                i += 1
                j += 1
            } else if i < n && (j == m || table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1]) {
                // Deletions before insertions, as `diff -u` prints a changed line.
                kinds.append(.delete)
                i += 1
            } else {
                kinds.append(.insert)
                j += 1
            }
        }
        return kinds
    }
}
