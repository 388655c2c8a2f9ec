import ArchlintKit
import ArchlintTestSupport
import Configuration
import Foundation
import RuleDocs
import Rules
import Testing

/// A rule is its only source of truth: everything derived from it must agree with the registry, and every
/// rule must be in it. Fix a failure with `swift run archlint rules --write-docs` (then
/// `scripts/embed-presets.sh` when a preset changed).
@Suite struct RuleParityTests {
    static let root = FixturePaths.packageRoot

    @Test(arguments: ["docs/rules.md", "README.md", "Rules/archlint.schema.json", "Rules/default.yml", "Rules/strict.yml", "Rules/needle-ribs.yml"])
    func generatedFileIsUpToDate(path: String) throws {
        let generated = try #require(try RuleDocumentation.generatedFiles(root: Self.root).first { $0.path == path })
        let committed = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        #expect(committed == generated.content, "\(path) is out of date: run `swift run archlint rules --write-docs`")
    }

    /// The registry lists every `struct X: Rule` under Sources/Rules (a rule outside it never runs and is
    /// documented nowhere), and nothing else.
    @Test func theGeneratedRegistryIsCurrent() throws {
        let path = "Sources/Rules/RuleRegistry+Generated.swift"
        let result = try ProcessResult.run(
            "/usr/bin/env", ["bash", "scripts/generate-rule-registry.sh", "--print"], in: Self.root)
        #expect(result.status == 0, "\(result.stderr)")
        let committed = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        #expect(committed == result.stdout, "\(path) is out of date: run scripts/generate-rule-registry.sh")
        #expect(result.stdout.components(separatedBy: ".self,").count - 1 == RuleRegistry.all.count)
    }

    @Test func everyOptionHasADocumentedReadableType() {
        for rule in RuleRegistry.all {
            let id = rule.description.id
            let options = RuleRegistry.optionSchemas(of: id)
            for option in options {
                #expect(!option.summary.isEmpty, "option '\(option.name)' of \(id) has no line in `documentation`")
                if case .unsupported(let type) = option.kind {
                    Issue.record("option '\(option.name)' of \(id) has type \(type), which the loader can't read")
                }
                #expect(option.defaultValue != nil, "option '\(option.name)' of \(id) has no default")
            }
            #expect(Set(options.map(\.name)) == Set(Self.documentationKeys(rule)), "\(id): `documentation` names an option the type doesn't have")
        }
    }

    private static func documentationKeys<R: Rule>(_ rule: R.Type) -> [String] {
        Array(R.Options.documentation.keys)
    }

    @Test func everyIDHasAGroupAndARationale() {
        let ids = RuleRegistry.allIDs
        #expect(Set(ids).count == ids.count)
        for rule in RuleRegistry.descriptions {
            #expect(!rule.summary.isEmpty && !rule.rationale.isEmpty, "\(rule.id)")
            #expect((rule.group == .pipeline) == (RuleRegistry.rule(id: rule.id) == nil), "\(rule.id)")
        }
    }

    /// The registry lists rules group by group, in `RuleGroup` order, as the documentation does.
    @Test func theRegistryIsGrouped() {
        let order = RuleGroup.allCases
        let positions = RuleRegistry.descriptions.map { order.firstIndex(of: $0.group)! }
        #expect(positions == positions.sorted())
    }

    /// Configured options reach the rule typed, with the defaults for what isn't set.
    @Test func typedOptionsDecodeOverTheDefaults() throws {
        let options = try ConfigValueCoding.decode(
            ViewRouterShortcutRule.Options.self, from: ["routerSuffixes": .list([.string("Navigator")])])
        #expect(options.routerSuffixes == ["Navigator"])
        #expect(options.viewSuffixes == ViewRouterShortcutRule.Options().viewSuffixes)
    }
}

/// A typed option given the wrong type is a configuration error: exit 2, naming the rule, the option and the type.
@Suite struct TypedOptionErrorTests {
    @Test func aWronglyTypedOptionExitsTwoAndSaysWhatItWants() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "rules:\n  test-import-in-production:\n    severity: error\n    options: {testModules: Mocks}\n"
            .write(to: directory.appendingPathComponent(".archlint.yml"), atomically: true, encoding: .utf8)
        let result = try ProcessResult.archlint(["lint", directory.path, "--no-cache"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(
            ".archlint.yml:4:28: error: option 'testModules' of rule 'test-import-in-production' must be a list of globs, found a string"),
            "\(result.stderr)")
    }
}
