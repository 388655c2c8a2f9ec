import ArchlintModel
import Configuration
import Graphs

/// A module that depends on a module more unstable than itself (the stable-dependencies principle), with the
/// instability of both as `archlint metrics` computes it.
public struct StableDependenciesRule: Rule, RuleInputsProvider, DeclarationReadsProvider {
    public static let inputs = RuleInputs.moduleRule

    public init() {}

    /// Instability counts both ends' dependencies and dependants: a partly unread list or target list changes it.
    public static func declarationReads(of findings: [Diagnostic], in context: LintContext) -> [DeclarationReads] {
        findings.map { finding in
            let ends = Array(finding.subject.prefix(2))
            return DeclarationReads(declarations: ends, linkers: ends)
        }
    }

    public struct Options: RuleOptions {
        public var allow: [ModuleAllowance] = []
        public init() {}
        public static let documentation = [
            "allow": "Exceptions: a module matching `from` may depend on a more unstable module matching `to`.",
        ]
    }

    public func check(_ context: LintContext) -> [Diagnostic] {
        let index = context.moduleIndex
        let coupling = ModuleCoupling(context.moduleGraph)
        let options = ModuleRuleOptions(allow: context.options(for: Self.self).allow)
        var diagnostics: [Diagnostic] = []
        for edge in context.moduleGraph.edges where edge.from != edge.to {
            // Apps, extensions and composition roots assemble what is below them: they are never checked.
            guard let fromModule = coupling.modules[edge.from], coupling.modules[edge.to] != nil,
                  context.classifier.kind(of: fromModule) != .app
            else { continue }
            let from = coupling.instability(of: edge.from), to = coupling.instability(of: edge.to)
            let fromName = index.name(of: edge.from), toName = index.name(of: edge.to)
            guard from < to, !options.allows(from: fromName, to: toName) else { continue }
            let message = "'\(fromName)' (instability \(Self.text(from))) \(ModuleEdgeWording.verb(edge.kind)) '\(toName)'"
                + "\(ModuleEdgeWording.conditionSuffix(edge)), which is more unstable (instability \(Self.text(to))); "
                + "depend in the direction of stability: move what '\(fromName)' needs into a module at least as stable, "
                + "or invert the dependency with a protocol that '\(fromName)' owns and '\(toName)' implements"
            diagnostics += ModuleEdgeWording.diagnostics(
                for: edge, rule: Self.description, context: context, index: index, message: message)
        }
        return diagnostics
    }

    /// `0.33 = 1/3`.
    static func text(_ instability: Instability) -> String {
        String(format: "%.2f", instability.value) + " = " + instability.fraction
    }

    static let exampleConfiguration = "rules:\n  stable-dependencies: warning\n"

    public static let description = RuleDescription(
        id: "stable-dependencies",
        name: "Stable dependencies",
        summary: "A module depends on a module more unstable than itself.",
        rationale: """
            Instability I = Ce/(Ca+Ce), where Ca counts the modules that depend on a module (tests not counted) and \
            Ce the modules it depends on (declared or imported; externals left out): `archlint metrics` prints both. \
            A module many others depend on is hard to change; when it depends on a module that is easy to change \
            (few dependants, many dependencies), every change there ripples into everything built on the stable \
            one. Depend in the direction of stability: move what the stable module needs into a module at least as \
            stable, or invert the dependency with a protocol the stable module owns. Apps, app extensions, executables \
            and composition roots are not checked: an app embedded by another gets a dependant, yet it exists to \
            assemble what is below it. The rule is off by default and on \
            in the strict preset: it measures a tendency, not a defect, so turn it on where the numbers are trusted.
            """,
        defaultSeverity: .warning,
        group: .module,
        triggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("HomeFeature", ["\"Core\""]), ("ProfileFeature", ["\"Core\""]),
                        ("Core", ["↓\"Formatting\""]), ("Formatting", ["\"Strings\"", "\"Dates\""]),
                        ("Strings", []), ("Dates", []),
                    ]),
                    "Sources/HomeFeature/Home.swift": "import Core\n",
                    "Sources/ProfileFeature/Profile.swift": "import Core\n",
                    "Sources/Core/Core.swift": "↓import Formatting\n",
                    "Sources/Formatting/Format.swift": "import Strings\nimport Dates\n",
                    "Sources/Strings/Strings.swift": "import Foundation\n",
                    "Sources/Dates/Dates.swift": "import Foundation\n",
                ],
                configuration: exampleConfiguration,
                caption: "Core (I = 1/3: two dependants, one dependency) depends on Formatting (I = 2/3)"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [
                            ("HomeFeature", ["\"Core\""]), ("ProfileFeature", ["\"Core\""]), ("Core", ["\"Strings\""]),
                            ("Strings", []),
                        ],
                        testTargets: [("StringsTests", ["\"Strings\""]), ("HomeFeatureTests", ["\"HomeFeature\""])]),
                    "Sources/HomeFeature/Home.swift": "import Core\n",
                    "Sources/ProfileFeature/Profile.swift": "import Core\n",
                    "Sources/Core/Core.swift": "import Strings\nimport Foundation\n",
                    "Sources/Strings/Strings.swift": "import Foundation\n",
                    "Tests/StringsTests/StringsTests.swift": "@testable import Strings\n",
                    "Tests/HomeFeatureTests/HomeTests.swift": "@testable import HomeFeature\n",
                ],
                configuration: exampleConfiguration,
                caption: "Each dependency points to a more stable module; tests and Foundation don't count"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("Launcher", ["\"AppShell\""]), ("AppShell", ["\"HomeFeature\""]),
                        ("HomeFeature", ["\"Core\"", "\"Strings\"", "\"Dates\""]),
                        ("Core", []), ("Strings", []), ("Dates", []),
                    ]),
                    "Sources/Launcher/main.swift": "import AppShell\n",
                    "Sources/AppShell/Shell.swift": "import HomeFeature\n",
                    "Sources/HomeFeature/Home.swift": "import Core\nimport Strings\nimport Dates\n",
                    "Sources/Core/Core.swift": "import Foundation\n",
                    "Sources/Strings/Strings.swift": "import Foundation\n",
                    "Sources/Dates/Dates.swift": "import Foundation\n",
                ],
                configuration: exampleConfiguration,
                caption: "AppShell (I = 1/2) depends on HomeFeature (I = 3/4), but a composition root is not checked"),
        ],
        enabledByDefault: false
    )
}
