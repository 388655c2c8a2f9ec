import ArchlintKit
import ArchlintModel
import Configuration
import Foundation
import Rules
import Testing

/// A team's own rules: their documented examples, the equivalence with `view-router-shortcut`, config errors
/// and the unmatched-rule warning.
@Suite struct CustomRuleTests {
    static let exampleIDs = CustomRuleExamples.all.map(\.id)

    @Test(arguments: exampleIDs)
    func triggeringExamplesReportExactlyAtTheirMarkers(id: String) throws {
        let description = try #require(CustomRuleExamples.all.first { $0.id == id })
        #expect(!description.triggeringExamples.isEmpty)
        for (index, example) in description.triggeringExamples.enumerated() {
            let outcome = try RuleExampleHarness.run(example, ruleID: id)
            #expect(!outcome.expected.isEmpty, "\(id) triggering example #\(index) has no ↓ marker")
            #expect(
                outcome.actual.map(\.location).sorted() == outcome.expected,
                "\(id) triggering example #\(index): \(outcome.actual.map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.message)" })")
        }
    }

    @Test(arguments: exampleIDs)
    func nonTriggeringExamplesReportNothing(id: String) throws {
        let description = try #require(CustomRuleExamples.all.first { $0.id == id })
        #expect(!description.nonTriggeringExamples.isEmpty)
        for (index, example) in description.nonTriggeringExamples.enumerated() {
            let outcome = try RuleExampleHarness.run(example, ruleID: id)
            #expect(outcome.actual.isEmpty, "\(id) non-triggering example #\(index): \(outcome.actual.map(\.message))")
        }
    }

    // MARK: view-router-shortcut as data

    /// The built-in rule, written as one `types:` entry (its default view base types and suffixes).
    static func viewRouterEntry(viewSuffixes: [String] = ["View", "ViewController"], routerSuffixes: [String] = ["Router", "Routing"]) -> String {
        let names = viewSuffixes.map { "\"*\($0)\"" }.joined(separator: ", ")
        let bases = ["View", "UIViewController", "UIHostingController", "UIView", "NSViewController"].joined(separator: ", ")
        let routers = routerSuffixes.map { "\"*\($0)\"" }.joined(separator: ", ")
        return """
            types:
              - name: views-without-routers
                severity: error
                select:
                  - {kind: [class, struct, enum, actor, extension], name: [\(names)]}
                  - {kind: [class, struct, enum, actor, extension], inherits: [\(bases), \(names)]}
                mustNot: {reference: [\(routers)]}

            """
    }

    static func locations(_ diagnostics: [Diagnostic], rule: String) -> [String] {
        diagnostics.filter { $0.rule == rule }.map { "\($0.location.file):\($0.location.line):\($0.location.column)" }.sorted()
    }

    @Test func viewRouterShortcutIsOneTypesEntryOnItsExamples() throws {
        let description = ViewRouterShortcutRule.description
        let examples = description.triggeringExamples + description.nonTriggeringExamples
        var compared = 0
        for example in examples {
            var example = example
            // The custom-suffix example configures the built-in rule; the entry says the same in its own words.
            let custom = example.configuration?.contains("viewSuffixes: [Screen]") == true
            let entry = custom ? Self.viewRouterEntry(viewSuffixes: ["Screen"], routerSuffixes: ["Navigator"]) : Self.viewRouterEntry()
            example.configuration = (example.configuration ?? "") + "\n" + entry
            let outcome = try RuleExampleHarness.run(example, ruleID: "view-router-shortcut")
            let builtIn = outcome.actual.map { "\($0.location.file):\($0.location.line):\($0.location.column)" }.sorted()
            let asData = try RuleExampleHarness.run(example, ruleID: "custom:views-without-routers").actual
                .map { "\($0.location.file):\($0.location.line):\($0.location.column)" }.sorted()
            #expect(builtIn == asData, "example \(example.caption ?? "")")
            compared += builtIn.count
        }
        #expect(compared > 0)
    }

    // MARK: Configuration errors

    static func load(_ text: String) throws(ConfigurationError) -> ArchlintConfiguration {
        try ConfigurationLoader.load(text: text, rules: RuleRegistry.configurationSchemas)
    }

    static func error(_ text: String) -> String {
        do {
            _ = try load(text)
            return ""
        } catch {
            return error.description
        }
    }

    @Test func anUnknownSelectorKeyIsAnErrorAtItsLineWithASuggestion() {
        let message = Self.error("forbidden:\n  - name: x\n    from: {modul: \"*Domain\"}\n    to: {module: UIKit}\n")
        #expect(message.contains(":3:"), "\(message)")
        #expect(message.contains("did you mean 'module'"), "\(message)")
    }

    @Test func aSelectorOfTheWrongTypeSaysWhatItWants() {
        let message = Self.error("forbidden:\n  - name: x\n    from: {module: \"*Domain\"}\n    to: {external: yes}\n")
        #expect(message.contains("'forbidden[0].to.external' must be true or false"), "\(message)")
    }

    @Test func aMalformedGlobIsAnErrorAtItsLine() {
        let message = Self.error("types:\n  - name: x\n    select: {name: \"View{a,b\"}\n    mustNot: {reference: Router}\n")
        #expect(message.contains(":3:"), "\(message)")
        #expect(message.contains("bad glob"), "\(message)")
    }

    @Test func entriesNeedANameAndWhatToCheck() {
        #expect(Self.error("forbidden:\n  - from: {module: A}\n    to: {module: B}\n").contains("needs a 'name'"))
        #expect(Self.error("types:\n  - name: x\n    select: {name: A}\n").contains("needs 'must' or 'mustNot'"))
        #expect(Self.error("forbidden:\n  - name: x\n    from: {module: A}\n    to: {module: B, via: {module: C}}\n").contains("'to.via' needs"))
        #expect(Self.error("forbidden:\n  - name: a b\n    from: {module: A}\n    to: {module: B}\n").contains("must start with a letter"))
    }

    @Test func aLaterFileRedefinesAnEntryOfTheSameName() throws {
        let configuration = try Self.load("""
            forbidden:
              - name: x
                severity: error
                from: {module: A}
                to: {module: B}
              - name: y
                from: {module: A}
                to: {module: C}
            """)
        #expect(configuration.customRules.forbidden.map(\.name) == ["x", "y"])
        #expect(configuration.customRules.ruleIDs == ["custom:x", "custom:y"])
    }

    // MARK: Unmatched rules

    @Test func aRuleThatCanNeverMatchIsAWarningAtTheEntry() throws {
        let example = RuleExample([
            "Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"Home\")])\n",
            "Sources/Home/Home.swift": "import Foundation\nstruct HomeView {}\n",
        ], configuration: """
            forbidden:
              - name: typo
                from: {module: "*Domian"}
                to: {module: UIKit}
            types:
              - name: no-screens
                select: {name: "*Screen"}
                mustNot: {reference: "*Router"}

            """)
        let outcome = try RuleExampleHarness.run(example, ruleID: CustomRuleEngine.unmatchedRuleID)
        let messages = outcome.actual.map { "\($0.location.file):\($0.location.line): \($0.message)" }
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.contains { $0.hasPrefix(".archlint.yml:2:") && $0.contains("'typo'") && $0.contains("'from' matches no module") })
        #expect(messages.contains { $0.hasPrefix(".archlint.yml:2:") && $0.contains("'to' matches no module") })
        #expect(messages.contains { $0.hasPrefix(".archlint.yml:6:") && $0.contains("'no-screens'") && $0.contains("'select'") })
    }

    // MARK: The architecture preset

    @Test func theArchitecturePresetsRulesFindWhatTheySay() throws {
        let files = [
            "Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "App", targets: [
                    .target(name: "NetworkCore", dependencies: ["HomeFeature"]),
                    .target(name: "ProfileDomain"),
                    .target(name: "ProfileInterface"),
                    .target(name: "ProfileFeature", dependencies: ["ProfileInterface"]),
                    .target(name: "HomeFeature", dependencies: ["ProfileInterface"]),
                    .testTarget(name: "HomeFeatureTests", dependencies: ["HomeFeature", "ProfileInterface", "ProfileFeature"]),
                ])
                """,
            "Sources/NetworkCore/Client.swift": "import HomeFeature\n",
            "Sources/ProfileDomain/Profile.swift": "import Foundation\nimport UIKit\n",
            "Sources/ProfileInterface/Buildable.swift": "public protocol ProfileBuildable {}\n",
            "Sources/ProfileFeature/Profile.swift": "import ProfileInterface\n",
            "Sources/HomeFeature/Home.swift": "import ProfileInterface\n",
            "Tests/HomeFeatureTests/HomeTests.swift": "@testable import HomeFeature\nimport ProfileInterface\nimport ProfileFeature\nimport XCTest\n",
        ]
        let example = RuleExample(files, configuration: "extends: [architecture]\n")
        func found(_ id: String) throws -> [String] {
            try RuleExampleHarness.run(example, ruleID: id).actual
                .map { "\($0.location.file):\($0.location.line)" }.sorted()
        }
        #expect(try found("custom:domain-without-ui") == ["Sources/ProfileDomain/Profile.swift:2"])
        #expect(try found("custom:features-only-through-interfaces") == ["Package.swift:4", "Sources/NetworkCore/Client.swift:1"])
        // HomeFeature is its own module ($1 of *Tests) and ProfileInterface an interface: only ProfileFeature.
        #expect(try found("custom:tests-import-their-own-module") == ["Package.swift:9", "Tests/HomeFeatureTests/HomeTests.swift:3"])
        #expect(try found(CustomRuleEngine.unmatchedRuleID).isEmpty, "a preset's entries are never 'unmatched'")
    }

    @Test func aCaptureBeyondTheFromGlobsWildcardsIsAConfigError() {
        let message = Self.error("forbidden:\n  - name: x\n    from: {module: \"*Tests\"}\n    to: {moduleNot: [\"$2\"]}\n")
        #expect(message.contains("'to' uses $2 but 'from.module' has at most 1 wildcard"), "\(message)")
    }
}
