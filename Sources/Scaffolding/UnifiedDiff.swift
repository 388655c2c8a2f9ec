/// A unified diff of two texts, by lines, with three lines of context (the format `diff -u` and `git apply` read).
public enum UnifiedDiff {
    public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let oldLines = lines(old), newLines = lines(new)
        guard oldLines != newLines else { return "" }
        // One entry per line of the edit script: (old index or nil, new index or nil).
        let difference = newLines.difference(from: oldLines)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var script: [(old: Int?, new: Int?)] = []
        var i = 0, j = 0
        while i < oldLines.count || j < newLines.count {
            if i < oldLines.count, removed.contains(i) {
                script.append((i, nil)); i += 1
            } else if j < newLines.count, inserted.contains(j) {
                script.append((nil, j)); j += 1
            } else {
                script.append((i, j)); i += 1; j += 1
            }
        }
        let changed = script.indices.filter { script[$0].old == nil || script[$0].new == nil }
        // Group changes whose context overlaps into hunks.
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(script.count - 1, index + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...range.upperBound
            } else {
                hunks.append(range)
            }
        }
        var text = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks {
            let entries = script[hunk]
            let oldCount = entries.filter { $0.old != nil }.count
            let newCount = entries.filter { $0.new != nil }.count
            // 1-based; an empty side names the line before it (0 at the start).
            let oldStart = (entries.compactMap(\.old).first ?? script[..<hunk.lowerBound].compactMap(\.old).last ?? -1) + 1
            let newStart = (entries.compactMap(\.new).first ?? script[..<hunk.lowerBound].compactMap(\.new).last ?? -1) + 1
            text += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for entry in entries {
                switch (entry.old, entry.new) {
                case (let old?, nil): text += "-" + oldLines[old] + "\n"
                case (nil, let new?): text += "+" + newLines[new] + "\n"
                case (let old?, _?): text += " " + oldLines[old] + "\n"
                case (nil, nil): break
                }
            }
        }
        return text
    }

    /// Lines without their terminators; a final newline makes no empty last line.
    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
