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
}

/// A secondary location that explains a diagnostic (an edge of a cycle, the provider that has the wrong type, …).
public struct RelatedLocation: Codable, Hashable, Sendable {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
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

    public init(
        rule: String,
        severity: Severity,
        message: String,
        location: SourceLocation,
        module: String? = nil,
        related: [RelatedLocation] = [],
        subject: [String] = []
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.module = module
        self.related = related
        self.subject = subject
    }

    /// Every file that is evidence for this diagnostic (its own location and its related locations).
    public var evidenceFiles: Set<String> {
        Set([location.file] + related.map(\.location.file))
    }

    /// Stable order: file, line, column, rule, message.
    public static func stableOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
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
}
