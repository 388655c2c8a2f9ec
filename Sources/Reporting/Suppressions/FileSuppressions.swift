import ArchlintModel

/// One file's suppression comments, resolved to line rules and regions, and which of their ids silenced something.
struct FileSuppressions: Sendable {
    static let all = "all"

    struct Position: Comparable, Sendable {
        var line: Int
        var column: Int

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.line, lhs.column) < (rhs.line, rhs.column)
        }
    }

    /// A `disable` … `enable` span. `rule == nil` means `all` minus `except`.
    struct Region: Sendable {
        var rule: String?
        var except: Set<String>
        var start: Position
        /// nil: to the end of the file.
        var end: Position?
        var comment: Int

        func covers(_ rule: String, at position: Position) -> Bool {
            guard start < position, end.map({ position < $0 }) ?? true else { return false }
            if let ruleID = self.rule { return ruleID == rule }
            return !except.contains(rule)
        }
    }

    let comments: [SuppressionComment]
    let knownRuleIDs: Set<String>
    private(set) var regions: [Region] = []
    /// `enable` ids that closed nothing: (comment index, id).
    private(set) var strayEnables: [(comment: Int, id: String)] = []
    /// Comment index → the ids (or `all`) that silenced at least one diagnostic.
    private(set) var used: [Int: Set<String>] = [:]

    init(comments: [SuppressionComment], knownRuleIDs: Set<String>) {
        self.comments = comments.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        self.knownRuleIDs = knownRuleIDs
        buildRegions()
    }

    private func isUsable(_ id: String) -> Bool { id == Self.all || knownRuleIDs.contains(id) }

    private mutating func buildRegions() {
        var open: [String: (comment: Int, start: Position)] = [:]
        var openAll: (comment: Int, start: Position, except: Set<String>)?
        for (index, comment) in comments.enumerated() {
            let position = Position(line: comment.line, column: comment.column)
            let ids = comment.rules.filter(isUsable)
            switch comment.kind {
            case .next, .this:
                continue
            case .disable:
                for id in ids {
                    if id == Self.all {
                        if openAll == nil { openAll = (index, position, []) }
                    } else if open[id] == nil {
                        open[id] = (index, position)
                    }
                }
            case .enable:
                for id in ids {
                    if id == Self.all {
                        let closesSomething = openAll != nil || !open.isEmpty
                        for (rule, region) in open.sorted(by: { $0.key < $1.key }) {
                            regions.append(Region(rule: rule, except: [], start: region.start, end: position, comment: region.comment))
                        }
                        open.removeAll()
                        if let region = openAll {
                            regions.append(Region(rule: nil, except: region.except, start: region.start, end: position, comment: region.comment))
                            openAll = nil
                        }
                        if !closesSomething { strayEnables.append((index, id)) }
                    } else if let region = open.removeValue(forKey: id) {
                        regions.append(Region(rule: id, except: [], start: region.start, end: position, comment: region.comment))
                    } else if let region = openAll, !region.except.contains(id) {
                        regions.append(Region(rule: nil, except: region.except, start: region.start, end: position, comment: region.comment))
                        openAll = (region.comment, position, region.except.union([id]))
                    } else {
                        strayEnables.append((index, id))
                    }
                }
            }
        }
        for (rule, region) in open.sorted(by: { $0.key < $1.key }) {
            regions.append(Region(rule: rule, except: [], start: region.start, end: nil, comment: region.comment))
        }
        if let region = openAll {
            regions.append(Region(rule: nil, except: region.except, start: region.start, end: nil, comment: region.comment))
        }
    }

    /// True when some comment silences the diagnostic; credits every comment that does.
    mutating func silence(_ diagnostic: Diagnostic) -> Bool {
        let rule = diagnostic.rule
        let position = Position(line: diagnostic.location.line, column: diagnostic.location.column)
        var silenced = false
        for (index, comment) in comments.enumerated() {
            let targetLine: Int
            switch comment.kind {
            case .next: targetLine = comment.line + 1
            case .this: targetLine = comment.line
            case .disable, .enable: continue
            }
            guard targetLine == diagnostic.location.line else { continue }
            if let id = comment.rules.first(where: { $0 == rule && isUsable($0) }) ?? comment.rules.first(where: { $0 == Self.all }) {
                used[index, default: []].insert(id)
                silenced = true
            }
        }
        for region in regions where region.covers(rule, at: position) {
            used[region.comment, default: []].insert(region.rule ?? Self.all)
            silenced = true
        }
        return silenced
    }

    /// `invalid-suppression` and `unused-suppression` diagnostics (default severity; the caller applies config).
    func findings(file: String, module: String?, inactiveRuleIDs: Set<String>, knownRuleIDs: Set<String>) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        func report(_ rule: String, _ comment: SuppressionComment, _ message: String, _ subject: [String]) {
            findings.append(Diagnostic(
                rule: rule, severity: .warning, message: message,
                location: SourceLocation(file: file, line: comment.line, column: comment.column),
                module: module, subject: [file] + subject))
        }
        for (index, comment) in comments.enumerated() {
            let directive = Self.directive(comment.kind)
            if comment.rules.isEmpty {
                report(PipelineRuleID.invalidSuppression, comment,
                       "`\(directive)` names no rule: add rule ids (`archlint rules` lists them) or `all`.",
                       [comment.kind.rawValue])
            }
            for id in comment.rules where !isUsable(id) {
                let suggestion = Self.closest(to: id, in: knownRuleIDs).map { " Did you mean '\($0)'?" } ?? ""
                report(PipelineRuleID.invalidSuppression, comment,
                       "`\(directive)` names unknown rule '\(id)'.\(suggestion) Use an id from `archlint rules`, or `all`.",
                       [comment.kind.rawValue, id])
            }
            guard comment.kind != .enable else { continue }
            let unused = Self.unique(comment.rules.filter(isUsable)).filter { id in
                !(used[index]?.contains(id) ?? false) && !inactiveRuleIDs.contains(id)
            }
            guard !unused.isEmpty else { continue }
            let list = unused.joined(separator: ", ")
            let scope = switch comment.kind {
            case .next: "on line \(comment.line + 1)"
            case .this: "on its own line"
            default: "in its region"
            }
            let unsuppressible = unused.filter { $0 == PipelineRuleID.invalidSuppression || $0 == PipelineRuleID.unusedSuppression }
            let note = unsuppressible.isEmpty ? "" : " (\(unsuppressible.joined(separator: ", ")) can't be suppressed: fix the comment instead)"
            let fix = unused.count == comment.rules.count ? "remove the comment" : "remove \(list) from it"
            report(PipelineRuleID.unusedSuppression, comment,
                   "`\(directive) \(list)` silences nothing \(scope)\(note): \(fix).",
                   [comment.kind.rawValue] + unused)
        }
        for stray in strayEnables {
            let comment = comments[stray.comment]
            report(PipelineRuleID.unusedSuppression, comment,
                   "`archlint:enable \(stray.id)` has no open `archlint:disable \(stray.id)` above it: remove it.",
                   [comment.kind.rawValue, stray.id])
        }
        return findings
    }

    static func directive(_ kind: SuppressionComment.Kind) -> String {
        switch kind {
        case .next: "archlint:disable:next"
        case .this: "archlint:disable:this"
        case .disable: "archlint:disable"
        case .enable: "archlint:enable"
        }
    }

    private static func unique(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }

    /// The known id nearest to a typo (edit distance at most a third of its length), if any.
    static func closest(to id: String, in known: Set<String>) -> String? {
        let candidates = known.map { ($0, editDistance(id, $0)) }.filter { $0.1 <= max(2, id.count / 3) }
        return candidates.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs), b = Array(rhs)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
