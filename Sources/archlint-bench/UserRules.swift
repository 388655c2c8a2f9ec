import Foundation

/// A team's own rules on the generated corpus: 20 entries that match real modules and types, written after the
/// corpus' own `.archlint.yml`, and one rule that matches every module edge.
enum UserRules {
    /// 8 forbidden (2 reachable, 1 circular), 2 required, 4 allowed, 6 types.
    static let twenty = """
        # 20 user rules over the generated corpus (archlint-bench).
        forbidden:
          - name: core-without-feature-interfaces
            comment: "Core modules sit below features; move the hook into the feature."
            from: {module: "*Core"}
            to: {module: "*FeatureInterface"}
          - name: core-without-features
            from: {module: "*Core"}
            to: {module: "*Feature"}
          - name: services-without-ui
            from: {module: "*ServiceCore"}
            to: {module: [SwiftUI, UIKit]}
          - name: features-without-features
            comment: "Depend on the other feature's interface."
            from: {module: "*Feature"}
            to: {module: "*Feature"}
          - name: interfaces-without-services
            from: {module: "*FeatureInterface"}
            to: {module: "*ServiceCore"}
          - name: core-without-cycles
            from: {module: "*Core"}
            to: {circular: true}
          - name: core-never-reaches-features
            from: {module: "*Core"}
            to: {module: "*FeatureInterface", reachable: true}
          - name: features-meet-only-directly
            from: {module: "*Feature"}
            to: {module: "*FeatureInterface", reachable: true, via: {module: "*Core"}}
        required:
          - name: features-use-analytics
            from: {module: "*Feature"}
            to: {module: AnalyticsCore}
          - name: features-use-ui-core
            from: {module: "*Feature"}
            to: {module: UICore}
        allowedSeverity: warning
        allowed:
          - name: any-external
            from: {}
            to: {external: true}
          - name: composition-builds-anything
            from: {module: [App, "*CompositionRoot"]}
            to: {}
          - name: downwards
            from: {module: ["*Feature", "*FeatureInterface", "*Core"]}
            to: {module: ["*Core", "*FeatureInterface"]}
          - name: tests-see-their-feature
            from: {kind: test}
            to: {module: "*Feature"}
        types:
          - name: viewmodels-are-observable
            select: {kind: class, name: "*ViewModel"}
            must: {conform: ObservableObject}
          - name: views-without-routers
            select: {name: "*View"}
            mustNot: {reference: ["*Router", "*Routing"]}
          - name: builders-are-buildable
            select: {kind: class, name: "*Builder"}
            must: {conform: "*Buildable"}
          - name: routers-in-features
            select: {kind: class, name: "*Router"}
            must: {beIn: "*Feature"}
          - name: routing-implementations-are-routers
            select: {kind: class, conforms: "*Routing"}
            must: {haveSuffix: Router}
          - name: core-without-view-models
            select: {module: "*Core"}
            mustNot: {reference: "*ViewModel"}

        """

    /// How many entries `twenty` has (`allowed:` findings are all `custom:not-in-allowed`).
    static let count = 20

    /// One rule that every module edge breaks: its cost is the custom-rule machinery on the whole graph.
    static let everyEdge = """
        # Every module edge, as one forbidden rule (archlint-bench).
        forbidden:
          - name: every-edge
            from: {}
            to: {}

        """
}

/// (u0) the corpus' config, (u) the same plus `UserRules.twenty`, (u2) plus `UserRules.everyEdge`: cold lints,
/// each from an empty cache, in rounds so all see the same machine load. Ratios are to (u0).
struct UserRulesCost: Codable {
    struct Row: Codable {
        var id: String
        var title: String
        var seconds: Double
        var peakRSSBytes: Int
        var ratioToLint: Double
        /// `custom:*` findings of the run.
        var customFindings: Int
    }

    var rows: [Row] = []
    /// Findings of the 20 rules by id.
    var findingsByRule: [String: Int] = [:]
}

extension Benchmark {
    func measureUserRules(root: URL, output: URL, freshCache: () -> String) throws -> UserRulesCost {
        let configuration = root.appendingPathComponent(".archlint.yml")
        let base = try String(contentsOf: configuration, encoding: .utf8)
        defer { try? Data(base.utf8).write(to: configuration) }
        let variants = [("plain-rules", base), ("user-rules", base + "\n" + UserRules.twenty), ("every-edge", base + "\n" + UserRules.everyEdge)]
        var runs: [String: [ChildRun]] = [:]
        for round in 0..<options.repeats {
            progress("(u) cold lint without and with user rules, round \(round + 1)…")
            for (name, text) in variants {
                try Data(text.utf8).write(to: configuration)
                runs[name, default: []].append(try lint(root.path, cache: freshCache(), output: output, name: name))
            }
        }
        let counts = { (name: String) in Self.diagnosticsByRule(output.appendingPathComponent("\(name).stdout")) }
        let userCounts = counts("user-rules")
        try Self.checkUserRules(userCounts, everyEdge: counts("every-edge"))
        let fastest = { (name: String) in runs[name]!.min { $0.seconds < $1.seconds }! }
        let plain = fastest("plain-rules")
        func row(_ id: String, _ title: String, _ name: String) -> UserRulesCost.Row {
            let run = fastest(name)
            return .init(
                id: id, title: title, seconds: run.seconds, peakRSSBytes: run.peakRSSBytes,
                ratioToLint: run.seconds / plain.seconds, customFindings: Self.customFindings(counts(name)))
        }
        var cost = UserRulesCost()
        cost.rows = [
            row("u0", "cold lint, built-in rules", "plain-rules"),
            row("u", "cold lint + \(UserRules.count) user rules", "user-rules"),
            row("u2", "cold lint + every-edge rule", "every-edge"),
        ]
        cost.findingsByRule = userCounts.filter { $0.key.hasPrefix("custom") }
        return cost
    }

    /// Fails loudly when the user rules find nothing, or when one of them can never report here.
    static func checkUserRules(_ counts: [String: Int], everyEdge: [String: Int]) throws {
        if let unmatched = counts["custom-rule-unmatched"] ?? everyEdge["custom-rule-unmatched"] {
            throw BenchError.failed("\(unmatched) user rule(s) match nothing in the corpus (custom-rule-unmatched)")
        }
        if customFindings(counts) == 0 { throw BenchError.failed("the \(UserRules.count) user rules found nothing in the corpus") }
        if customFindings(everyEdge) == 0 { throw BenchError.failed("the every-edge rule found nothing in the corpus") }
    }

    static func customFindings(_ counts: [String: Int]) -> Int {
        counts.filter { $0.key.hasPrefix("custom:") }.values.reduce(0, +)
    }
}
