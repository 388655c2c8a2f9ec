import ArchlintModel

/// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.
///
/// - `tool.driver.rules[]`: one entry per rule (`ReportOptions.rules`, plus any id the report uses) with id, name,
///   short and full description, help text and default level; results point at it with `ruleIndex`.
/// - Locations are relative to the analysed root through the `%SRCROOT%` base id; `originalUriBaseIds` gives the
///   root's absolute `file://` URI when `ReportOptions.absoluteRoot` is set, else describes it.
/// - `partialFingerprints["archlint/v1"]` is derived from the baseline key (never the line) plus the occurrence
///   number among equal keys, so alerts survive edits that move lines.
/// - Columns are archlint's (UTF-8 bytes); `columnKind` is `unicodeCodePoints`, which agrees on ASCII lines.
public struct SARIFReporter: Reporter {
    public static let name = "sarif"
    public static let summary = "SARIF 2.1.0 (GitHub code scanning)."
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let fingerprintName = "archlint/v1"
    static let rootBaseID = "%SRCROOT%"

    public init() {}

    public func generate(_ report: LintReport, options: ReportOptions) -> String {
        document(report, options: options).rendered() + "\n"
    }

    func document(_ report: LintReport, options: ReportOptions) -> JSONValue {
        let diagnostics = report.diagnostics.sorted(by: Diagnostic.stableOrder)
        let rules = RuleInfo.catalog(options.rules, including: diagnostics)
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var occurrences: [BaselineKey: Int] = [:]
        let results = diagnostics.map { diagnostic -> JSONValue in
            let key = BaselineKey(diagnostic)
            let occurrence = occurrences[key, default: 0] + 1
            occurrences[key] = occurrence
            return result(diagnostic, ruleIndex: ruleIndex[diagnostic.rule] ?? 0, fingerprint: key.fingerprint(occurrence: occurrence))
        }
        let run = JSONValue.object([
            ("tool", .object([
                ("driver", .object([
                    ("name", .string(report.tool)),
                    ("version", .string(report.version)),
                    ("semanticVersion", .string(report.version)),
                    ("rules", .array(rules.map(Self.rule))),
                ])),
            ])),
            ("originalUriBaseIds", .object([(Self.rootBaseID, rootLocation(report.root, absoluteRoot: options.absoluteRoot))])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results)),
        ])
        return .object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
    }

    static func rule(_ rule: RuleInfo) -> JSONValue {
        .object([
            ("id", .string(rule.id)),
            ("name", .string(pascalCase(rule.id))),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rule.rationale))])),
            ("help", .object([("text", .string(rule.help))])),
            ("defaultConfiguration", .object([("level", .string(rule.defaultSeverity.rawValue))])),
        ])
    }

    func result(_ diagnostic: Diagnostic, ruleIndex: Int, fingerprint: String) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("ruleId", .string(diagnostic.rule)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(diagnostic.severity.rawValue)),
            ("message", .object([("text", .string(diagnostic.message))])),
            ("locations", .array(Self.physicalLocation(diagnostic.location).map { [.object([("physicalLocation", $0)])] } ?? [])),
        ]
        let related = diagnostic.related.enumerated().compactMap { index, related -> JSONValue? in
            guard let physical = Self.physicalLocation(related.location) else { return nil }
            return .object([
                ("id", .int(index + 1)),
                ("physicalLocation", physical),
                ("message", .object([("text", .string(related.message))])),
            ])
        }
        if !related.isEmpty { members.append(("relatedLocations", .array(related))) }
        members.append(("partialFingerprints", .object([(Self.fingerprintName, .string(fingerprint))])))
        return .object(members)
    }

    static func physicalLocation(_ location: SourceLocation) -> JSONValue? {
        guard !location.file.isEmpty else { return nil }
        var members: [(key: String, value: JSONValue)] = [
            ("artifactLocation", .object([("uri", .string(percentEncoded(location.file))), ("uriBaseId", .string(rootBaseID))])),
        ]
        if location.line > 0 {
            var region: [(key: String, value: JSONValue)] = [("startLine", .int(location.line))]
            if location.column > 0 { region.append(("startColumn", .int(location.column))) }
            members.append(("region", .object(region)))
        }
        return .object(members)
    }

    func rootLocation(_ root: String, absoluteRoot: String?) -> JSONValue {
        if let absoluteRoot, absoluteRoot.hasPrefix("/") {
            let directory = absoluteRoot.hasSuffix("/") ? absoluteRoot : absoluteRoot + "/"
            return .object([("uri", .string("file://" + Self.percentEncoded(directory)))])
        }
        return .object([("description", .object([("text", .string("The directory archlint analysed: \(root)"))]))])
    }

    /// RFC 3986 path encoding: everything but unreserved characters and `/` is percent-encoded (UTF-8).
    static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "-._~/".contains(character) {
                result.append(character)
            } else {
                result += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// `cross-feature-import` → `CrossFeatureImport`.
    static func pascalCase(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
