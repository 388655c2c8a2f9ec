import ArchlintModel

/// The line-independent identity of a violation: what baselines match on and SARIF fingerprints derive from.
///
/// - `rule` and `subject` (import rules: from, to, imported module; DI rules: component, dependency, property;
///   view rules: type, member) say what the violation is about.
/// - `module` tells apart same-named subjects in different modules (two `HomeView` types), and survives moving a
///   file inside its module.
/// - `file` is part of the key only when the rule gave no subject (pipeline diagnostics such as
///   `unreadable-file`): then the file is all that names the violation.
///
/// Line and column are never part of a key. Identical keys are counted, not collapsed (see `Baseline.Entry.count`).
public struct BaselineKey: Hashable, Sendable, Comparable, Codable {
    public var rule: String
    public var module: String?
    public var subject: [String]
    public var file: String?

    public init(rule: String, module: String?, subject: [String], file: String?) {
        self.rule = rule
        self.module = module
        self.subject = subject
        self.file = file
    }

    public init(_ diagnostic: Diagnostic) {
        self.init(
            rule: diagnostic.rule,
            module: diagnostic.module,
            subject: diagnostic.subject,
            file: diagnostic.subject.isEmpty ? diagnostic.location.file : nil)
    }

    /// One unambiguous line of text (fields are JSON-quoted), used for ordering and fingerprints: the compact
    /// JSON array `[rule, module|null, [subject…], file|null]`, written directly (it is computed for every
    /// entry of a baseline that may hold hundreds of thousands).
    public var canonicalText: String {
        var text = "["
        text += JSONValue.quoted(rule)
        text += ","
        text += module.map(JSONValue.quoted) ?? "null"
        text += ",["
        for (index, part) in subject.enumerated() {
            if index > 0 { text += "," }
            text += JSONValue.quoted(part)
        }
        text += "],"
        text += file.map(JSONValue.quoted) ?? "null"
        text += "]"
        return text
    }

    public static func < (lhs: BaselineKey, rhs: BaselineKey) -> Bool {
        lhs.canonicalText < rhs.canonicalText
    }

    /// A stable 64-bit FNV-1a hash of `canonicalText`, in hex, plus the occurrence number among equal keys:
    /// SARIF `partialFingerprints` (`archlint/v1`). Stable across runs, platforms and line shifts.
    public func fingerprint(occurrence: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonicalText.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ":\(occurrence)"
    }
}
