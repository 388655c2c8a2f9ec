import ArchlintModel
import Foundation
import Reporting
import Testing

/// The Markdown summary's Mermaid diagram. Mermaid itself is not installable from Debian, and PyPI has it only
/// inside a JupyterLab extension (`MermaidParserTests`, opt-in), so here the block is checked against the grammar
/// subset it is written in: every line is one of four statement shapes, labels are quoted and hold no character
/// that could end them, and decoding the entity codes gives the names back.
@Suite struct MarkdownDiagramTests {
    static func diagnostic(_ rule: String, _ severity: Severity, _ from: String, _ to: String, line: Int = 1) -> Diagnostic {
        Diagnostic(
            rule: rule, severity: severity, message: "\(from) → \(to)",
            location: SourceLocation(file: "Sources/\(from)/File.swift", line: line, column: 1), module: from,
            subject: [from, to])
    }

    static func report(_ edges: [ViolatingEdge]) -> LintReport {
        let diagnostics = edges.map { diagnostic($0.rules[0].rule, $0.severity, $0.from, $0.to) }
        return LintReport(
            root: ".", summary: .init(files: 1, modules: 2, components: 0, errors: diagnostics.count { $0.severity == .error },
                                      warnings: diagnostics.count { $0.severity == .warning }, notes: diagnostics.count { $0.severity == .note }),
            diagnostics: diagnostics, violatingEdges: edges)
    }

    static func edge(_ from: String, _ to: String, _ rules: [String] = ["cross-feature-import"], _ severity: Severity = .error,
                     findings: Int = 1, cycle: Bool = false) -> ViolatingEdge {
        ViolatingEdge(
            from: from, to: to, rules: rules.enumerated().map { .init(rule: $0.element, findings: $0.offset == 0 ? findings : 1) },
            severity: severity, isCycle: cycle)
    }

    /// The lines of the one ```mermaid block in `markdown`. With `ARCHLINT_MERMAID_OUT=DIR` each block is also
    /// written to DIR/NAME.mmd, to look at or to check with Mermaid's own parser (as `MermaidParserTests` does).
    static func mermaidBlock(_ markdown: String, name: String = #function) -> [String]? {
        let lines = markdown.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "```mermaid"),
              let end = lines[(start + 1)...].firstIndex(where: { $0.hasPrefix("```") }) else { return nil }
        #expect(lines.count { $0 == "```mermaid" } == 1)
        let block = Array(lines[(start + 1)..<end])
        if let directory = ProcessInfo.processInfo.environment["ARCHLINT_MERMAID_OUT"] {
            let file = name.filter { $0.isLetter || $0.isNumber }
            try? (block.joined(separator: "\n") + "\n").write(toFile: "\(directory)/\(file).mmd", atomically: true, encoding: .utf8)
        }
        return block
    }

    static var node: Regex<AnyRegexOutput> { try! Regex(#"^  (n[0-9]+)\["([^"`<>|\n]*)"\]$"#) }
    static var link: Regex<AnyRegexOutput> { try! Regex(#"^  (n[0-9]+) (-->|==>|-\.->)\|"([^"`<>|\n]*)"\| (n[0-9]+)$"#) }
    /// Errors red, warnings amber, notes grey (`Severity.color`), text in the stroke's colour.
    static var linkStyle: Regex<AnyRegexOutput> {
        try! Regex(#"^  linkStyle ([0-9]+(,[0-9]+)*) stroke:(#d1242f|#d97706|#8c959f),stroke-width:[234]px,color:\3$"#)
    }

    struct Parsed {
        var nodes: [String: String] = [:]
        var links: [(from: String, arrow: String, label: String, to: String)] = []
        var styled: [Int] = []
    }

    /// Parses the block by the four statement shapes; any other line fails the test.
    static func parse(_ block: [String]) -> Parsed {
        var parsed = Parsed()
        #expect(block.first == "flowchart LR" || block.first == "flowchart TB")
        for line in block.dropFirst() {
            if let match = line.wholeMatch(of: node) {
                let id = String(match.output[1].substring!)
                #expect(parsed.nodes[id] == nil, "node \(id) declared twice")
                parsed.nodes[id] = decode(String(match.output[2].substring!))
            } else if let match = line.wholeMatch(of: link) {
                let from = String(match.output[1].substring!), to = String(match.output[4].substring!)
                #expect(parsed.nodes[from] != nil && parsed.nodes[to] != nil, "link to an undeclared node: \(line)")
                parsed.links.append((from, String(match.output[2].substring!), decode(String(match.output[3].substring!)), to))
            } else if let match = line.wholeMatch(of: linkStyle) {
                parsed.styled += match.output[1].substring!.split(separator: ",").map { Int($0)! }
            } else {
                Issue.record("not a statement of the diagram's grammar: \(line)")
            }
        }
        #expect(parsed.styled.sorted() == Array(parsed.links.indices), "every link styled in its severity's colour exactly once")
        return parsed
    }

    /// Mermaid's entity codes (`#34;`) back to characters.
    static func decode(_ label: String) -> String {
        #expect(!label.contains(";") || label.contains("#"), "a bare ; in \(label)")
        var result = ""
        var rest = Substring(label)
        while let hash = rest.firstIndex(of: "#") {
            result += rest[..<hash]
            let after = rest[rest.index(after: hash)...]
            guard let semicolon = after.firstIndex(of: ";"), let value = UInt32(after[..<semicolon]),
                  let scalar = Unicode.Scalar(value) else {
                Issue.record("a # that is not an entity code in \(label)")
                return result
            }
            result.unicodeScalars.append(scalar)
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }

    @Test func drawsEachViolatingEdgeRedWithItsRules() throws {
        let report = Self.report([
            Self.edge("HomeFeature", "ProfileFeature", findings: 3),
            Self.edge("NetworkCore", "StorageCore", ["module-cycle"], cycle: true),
            Self.edge("StorageCore", "NetworkCore", ["layer-violation", "module-cycle"], cycle: true),
            Self.edge("App", "Lottie", ["unused-dependency"], .note),
        ])
        let output = MarkdownReporter().generate(report, options: ReportOptions())
        #expect(output.contains("**Module edges with findings**"))
        let parsed = Self.parse(try #require(Self.mermaidBlock(output)))
        #expect(parsed.links.count == 4)
        let described = parsed.links.map { "\(parsed.nodes[$0.from]!) \($0.arrow) \(parsed.nodes[$0.to]!): \($0.label)" }
        #expect(described == [
            "HomeFeature --> ProfileFeature: cross-feature-import ×3",
            "StorageCore ==> NetworkCore: layer-violation, module-cycle",  // two findings: before one
            "NetworkCore ==> StorageCore: module-cycle",
            "App -.-> Lottie: unused-dependency",
        ])
        #expect(Set(parsed.nodes.values).count == parsed.nodes.count, "one node per module")
        // The diagram sits between the counts and the findings table.
        let diagram = try #require(output.range(of: "```mermaid"))
        #expect(output.range(of: "| Rule | Errors")!.lowerBound < diagram.lowerBound)
        #expect(diagram.upperBound < output.range(of: "| Severity | Rule | Location | Message |")!.lowerBound)
    }

    @Test func hostileModuleNamesCannotBreakTheDiagramOrTheMarkdown() throws {
        let names = [
            "<script>alert(1)</script>", #"a"b"#, "Tom & Jerry", "end", "graph", "subgraph", "flowchart", "style",
            "click", "linkStyle", "classDef", "n1", "with space", "Ünïcödé 日本語", "```", "a|b", "#quot;", "50%",
            "%%{init}%%", "a;b", "x-->y", "[(odd)]", "{{hex}}", "line\nbreak", "tab\there", "esc\u{1B}[31m",
            "rtl\u{202E}txt", "back\\slash", "ends with space ", "",
        ]
        #expect(names.count == 30)
        // Every name as a source and a target: 30 edges in a ring, and 2 more past the cap.
        let pairs = names.indices.map { ($0, ($0 + 1) % names.count) } + [(0, 7), (1, 8)]
        let edges = pairs.map { Self.edge(names[$0.0], names[$0.1], ["cross-feature-import", "rule <\(names[$0.0])>"]) }
        let output = MarkdownReporter().generate(Self.report(edges), options: ReportOptions())
        let block = try #require(Self.mermaidBlock(output))
        let parsed = Self.parse(block)
        #expect(parsed.links.count == 30, "capped at 30")
        let expected = Set(edges.flatMap { [$0.from, $0.to] }.map { name in
            name.isEmpty ? " " : name.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
                .replacingOccurrences(of: "\u{1B}", with: #"\u{1B}"#).replacingOccurrences(of: "\u{202E}", with: #"\u{202E}"#)
        })
        for name in parsed.nodes.values { #expect(expected.contains(name), "label decodes to a given name: \(name)") }
        for link in parsed.links { #expect(link.label.hasPrefix("cross-feature-import, rule <")) }
        // Nothing inside the block can close the fence, open HTML or hide text.
        for line in block {
            #expect(!line.contains("`") && !line.contains("<") && !line.contains("\u{1B}") && !line.contains("\u{202E}"))
        }
        #expect(output.contains("_2 more violating edges not drawn._"))
    }

    @Test func capsAtThirtyEdgesMostSevereFirst() throws {
        let warnings = (0..<25).map { Self.edge("W\($0)", "Core\($0)", ["layer-violation"], .warning) }
        let errors = (0..<10).map { Self.edge("E\($0)", "Feature\($0)", findings: $0 + 1) }
        let output = MarkdownReporter().generate(Self.report(warnings + errors), options: ReportOptions())
        let parsed = Self.parse(try #require(Self.mermaidBlock(output)))
        #expect(parsed.links.count == 30)
        let froms = parsed.links.map { parsed.nodes[$0.from]! }
        #expect(Array(froms.prefix(10)) == (0..<10).reversed().map { "E\($0)" }, "errors first, most findings first")
        #expect(froms.dropFirst(10).allSatisfy { $0.hasPrefix("W") })
        #expect(output.contains("_5 more violating edges not drawn._"))
        #expect(output.contains("linkStyle 0,1,2,3,4,5,6,7,8,9 stroke:#d1242f,stroke-width:3px"))
    }

    /// Separate pairs stack down the page left to right; a long chain (a cycle of 8) runs down it top to bottom.
    @Test func aLongChainIsDrawnTopToBottom() throws {
        let pairs = (0..<12).map { Self.edge("Feature\($0)", "Other\($0)") }
        let cycle = (0..<8).map { Self.edge("Core\($0)", "Core\(($0 + 1) % 8)", ["module-cycle"], cycle: true) }
        let fan = (0..<20).map { Self.edge("Feature\($0)", "HomeFeature") }
        #expect(try Self.mermaidBlock(MarkdownReporter().generate(Self.report(pairs), options: ReportOptions()))?.first == "flowchart LR")
        #expect(try Self.mermaidBlock(MarkdownReporter().generate(Self.report(fan), options: ReportOptions()))?.first == "flowchart LR")
        #expect(try Self.mermaidBlock(MarkdownReporter().generate(Self.report(cycle), options: ReportOptions()))?.first == "flowchart TB")
    }

    @Test func noViolatingEdgesNoDiagram() {
        var report = Self.report([Self.edge("A", "B")])
        report.violatingEdges = []
        let output = MarkdownReporter().generate(report, options: ReportOptions())
        #expect(!output.contains("mermaid") && !output.contains("Module edges"))
    }

    @Test func aDiagramThatDoesNotFitIsLeftOutAndSaid() throws {
        let edges = (0..<30).map { Self.edge(String(repeating: "<", count: 60) + "\($0)", "Target\($0)") }
        let report = Self.report(edges)
        let full = MarkdownReporter().generate(report, options: ReportOptions())
        #expect(full.utf8.count <= MarkdownReporter.defaultLimit)
        #expect(Self.mermaidBlock(full) != nil)
        let tight = MarkdownReporter(limit: 8_000).generate(report, options: ReportOptions())
        #expect(tight.utf8.count <= 8_000)
        #expect(Self.mermaidBlock(tight) == nil)
        #expect(tight.contains("_The diagram of 30 module edges with findings is left out to keep this comment under GitHub's size limit"))
        #expect(tight.contains("| Severity | Rule | Location | Message |"), "the findings still follow")
    }

    @Test func theJSONContractIsUnchanged() {
        var report = Self.report([Self.edge("A", "B")])
        let with = JSONReporter().generate(report, options: ReportOptions())
        report.violatingEdges = []
        #expect(JSONReporter().generate(report, options: ReportOptions()) == with)
        #expect(!with.contains("violatingEdges"))
    }

    @Test func mermaidLabelsEscapeEverythingThatCouldEndThem() {
        #expect(MermaidText.label(#"a"b<c>&`|[]{}();%#\"#) == "a#34;b#60;c#62;#38;#96;#124;#91;#93;#123;#125;#40;#41;#59;#37;#35;#92;")
        #expect(MermaidText.label("x\ny\u{1B}") == "x y#92;u#123;1B#125;")
        #expect(MermaidText.label("日本語 end") == "日本語 end")
        #expect(MermaidText.truncated(String(repeating: "a", count: 70), to: 60).count == 60)
    }
}
