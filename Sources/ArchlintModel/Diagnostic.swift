/// A position in a scanned file. `file` is relative to the scanned root and uses `/`.
public struct SourceLocation: Codable, Hashable, Sendable, Comparable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

public enum Severity: String, Codable, Hashable, Sendable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    /// The colour a finding of this severity is drawn in, in every picture, legend, diagram and the HTML report:
    /// errors red, warnings amber, notes grey.
    public var color: String {
        switch self {
        case .error: "#d1242f"
        case .warning: "#d97706"
        case .note: "#8c959f"
        }
    }
}

/// A secondary location of a diagnostic: evidence that explains it (an edge of a cycle, the provider that has the
/// wrong type, …) or, with `isOccurrence`, another place the same finding occurs (a module edge imported from
/// several files: "also imported here", see `FindingGrouping`).
public struct RelatedLocation: Codable, Hashable, Sendable {
    public var location: SourceLocation
    public var message: String
    /// True for another location of the same finding; false for evidence.
    public var isOccurrence: Bool

    public init(location: SourceLocation, message: String, isOccurrence: Bool = false) {
        self.location = location
        self.message = message
        self.isOccurrence = isOccurrence
    }

}

/// One finding. Rules fill `subject` with what the violation is about (modules, component + property, type + member):
/// it is the line-independent identity used by baselines and SARIF fingerprints.
public struct Diagnostic: Codable, Hashable, Sendable {
    public var rule: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    public var module: String?
    public var related: [RelatedLocation]
    public var subject: [String]
    /// Set on one location of a finding that occurs at several (a module edge imported from three files is
    /// reported by its rule as three diagnostics, one per location): diagnostics equal but for their location
    /// merge into one finding (`FindingGrouping`), whose other locations become related locations with this
    /// message (`also imported here`). nil: the diagnostic is a finding of its own.
    public var occurrenceNote: String?
    /// Set when one fact is found at locations worded differently (a declaration and the imports of one module
    /// pair, a test target repeating its production target's edge): diagnostics of one rule with the same fact
    /// merge into one finding (`FindingGrouping`), located at the member of the lowest rank. nil: grouped by
    /// `occurrenceNote` alone.
    public var fact: FindingFact?

    public init(
        rule: String,
        severity: Severity,
        message: String,
        location: SourceLocation,
        module: String? = nil,
        related: [RelatedLocation] = [],
        subject: [String] = [],
        occurrenceNote: String? = nil,
        fact: FindingFact? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.module = module
        self.related = related
        self.subject = subject
        self.occurrenceNote = occurrenceNote
        self.fact = fact
    }

    /// Every file that is evidence for this diagnostic (its own location and its related locations).
    public var evidenceFiles: Set<String> {
        Set([location.file] + related.map(\.location.file))
    }

    /// The finding's other locations (`FindingGrouping`), in order.
    public var otherOccurrences: [RelatedLocation] { related.filter(\.isOccurrence) }

    /// The related locations that explain the finding (not its other occurrences).
    public var evidence: [RelatedLocation] { related.filter { !$0.isOccurrence } }

    /// Stable order: file, line, column, rule, message.
    public static func stableOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}

/// What a finding states, independent of where and how each location words it: a module-edge rule's fact is
/// the module pair (a test target's edge that repeats its production target's is that target's pair).
public struct FindingFact: Codable, Hashable, Sendable {
    /// The fact's identity within its rule, e.g. `[from module id, to module id]`.
    public var key: [String]
    /// Which member locates the finding, lowest first: the production target's declaration (0), its imports (1),
    /// a test target's declaration (2), its imports (3).
    public var rank: Int

    public init(key: [String], rank: Int) {
        self.key = key
        self.rank = rank
    }

    /// Ranks from here on are the members another build of the module adds (`Chatty-QA` beside `Chatty-Debug`: the
    /// same files and dependencies): the finding names each such build once.
    public static let otherBuildRank = 8
}

/// Rule ids that are produced by the pipeline itself rather than by a `Rule`.
public enum PipelineRuleID {
    public static let manifestUnresolved = "manifest-unresolved"
    public static let unreadableFile = "unreadable-file"
    public static let syntaxError = "syntax-error"
    public static let fileTooComplex = "file-too-complex"
    public static let invalidSuppression = "invalid-suppression"
    public static let unusedSuppression = "unused-suppression"
    public static let configShadowedEntry = "config-shadowed-entry"
    public static let customRuleUnmatched = "custom-rule-unmatched"
}

/// The one step that turns per-location diagnostics into findings. Module-edge rules report one diagnostic per
/// location of the edge (each import line, each manifest entry), marked with `occurrenceNote` and their `fact`
/// (the module pair); suppressions, the baseline and `--changed` filter those one by one; then this merges the
/// survivors of the same rule and fact (or, without a fact, equal but for their location) into one finding: the
/// member of the lowest rank (the declaration, else the first import) is the finding, every other location a
/// related location with its member's note ("also imported here"). Reports, the summary counts, the HTML rows
/// and the Markdown diagram all read findings grouped here. Idempotent: grouped findings pass through unchanged.
public enum FindingGrouping {
    public static func group(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        findings(diagnostics).map(\.finding)
    }

    /// Each finding with the diagnostics it merges, in stable order of the findings.
    public static func findings(_ diagnostics: [Diagnostic]) -> [(finding: Diagnostic, members: [Diagnostic])] {
        var order: [Key] = []
        var members: [Key: [Diagnostic]] = [:]
        for (position, diagnostic) in diagnostics.sorted(by: Diagnostic.stableOrder).enumerated() {
            let key = Key(diagnostic, position: position)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(diagnostic)
        }
        return order.map { key in (merge(members[key]!), members[key]!) }
            .sorted { Diagnostic.stableOrder($0.finding, $1.finding) }
    }

    /// The identity of the finding a diagnostic belongs to: equal for the members of one finding.
    public static func key(of diagnostic: Diagnostic) -> AnyHashable { AnyHashable(Key(diagnostic, position: 0)) }

    /// Diagnostics with a fact are grouped by rule and fact; with only `occurrenceNote`, by everything but their
    /// location; with neither, they are their own group (keyed by their position in the input).
    private struct Key: Hashable {
        var rule: String
        var fact: [String]?
        var diagnostic: Diagnostic?
        var position: Int?

        init(_ diagnostic: Diagnostic, position: Int) {
            rule = diagnostic.rule
            if let fact = diagnostic.fact {
                self.fact = fact.key
                return
            }
            var key = diagnostic
            if diagnostic.occurrenceNote != nil {
                key.location = SourceLocation(file: "", line: 0, column: 0)
                key.related = diagnostic.evidence
            } else {
                self.position = position
            }
            self.diagnostic = key
        }
    }

    /// The member of the lowest rank (then in stable order) is the finding, at the highest severity of them all.
    private static func merge(_ members: [Diagnostic]) -> Diagnostic {
        guard members.count > 1, members[0].occurrenceNote != nil || members[0].fact != nil else { return members[0] }
        let ordered = members.enumerated().sorted {
            ($0.element.fact?.rank ?? 0, $0.offset) < ($1.element.fact?.rank ?? 0, $1.offset)
        }.map(\.element)
        var finding = ordered[0]
        var seen: Set<SourceLocation> = [finding.location]
        var occurrences = finding.otherOccurrences
        seen.formUnion(occurrences.map(\.location))
        var otherBuilds: Set<String> = []
        for member in ordered.dropFirst() {
            let note = member.occurrenceNote ?? finding.occurrenceNote ?? "also found here"
            if (member.fact?.rank ?? 0) >= FindingFact.otherBuildRank {
                if otherBuilds.insert(note).inserted {
                    occurrences.append(RelatedLocation(location: member.location, message: note, isOccurrence: true))
                }
                finding.severity = max(finding.severity, member.severity)
                continue
            }
            for location in [member.location] where seen.insert(location).inserted {
                occurrences.append(RelatedLocation(location: location, message: note, isOccurrence: true))
            }
            for other in member.otherOccurrences where seen.insert(other.location).inserted {
                occurrences.append(other)
            }
            finding.severity = max(finding.severity, member.severity)
        }
        occurrences.sort { $0.location < $1.location }
        finding.related = occurrences + finding.evidence
        return finding
    }
}
