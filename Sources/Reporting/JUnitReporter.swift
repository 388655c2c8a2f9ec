import ArchlintModel

/// JUnit XML for CI test dashboards: one `<testcase>` per rule (every rule in `ReportOptions.rules`, plus any id
/// the report uses), passing when it found nothing, with one `<failure>` per diagnostic. `failures` counts the
/// failing testcases. A finding at several locations is one failure whose body lists them ("also imported here"). Paths are joined to the root as given.
public struct JUnitReporter: Reporter {
    public static let name = "junit"
    public static let summary = "JUnit XML: a testcase per rule, a failure per diagnostic."

    public init() {}

    public func generate(_ report: LintReport, options: ReportOptions) -> String {
        let diagnostics = report.diagnostics.sorted(by: Diagnostic.stableOrder)
        let rules = RuleInfo.catalog(options.rules, including: diagnostics)
        let byRule = Dictionary(grouping: diagnostics, by: \.rule)
        let failing = rules.count { byRule[$0.id] != nil }
        let counts = "tests=\"\(rules.count)\" failures=\"\(failing)\" errors=\"0\""
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"\(XMLEscaping.attribute(report.tool))\" \(counts)>",
            "  <testsuite name=\"\(XMLEscaping.attribute(report.tool))\" \(counts) skipped=\"0\">",
        ]
        for rule in rules {
            let opening = "    <testcase name=\"\(XMLEscaping.attribute(rule.id))\" classname=\"\(XMLEscaping.attribute(report.tool))\""
            guard let found = byRule[rule.id] else {
                lines.append(opening + "/>")
                continue
            }
            lines.append(opening + ">")
            for diagnostic in found {
                let location = TextReporter.location(diagnostic.location, root: report.root)
                var body = "\(location)\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]"
                for related in diagnostic.related {
                    body += "\n\(TextReporter.location(related.location, root: report.root))note: \(related.message)"
                }
                lines.append(
                    "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(XMLEscaping.attribute(diagnostic.message))\">"
                        + XMLEscaping.text(body) + "</failure>")
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }
}
