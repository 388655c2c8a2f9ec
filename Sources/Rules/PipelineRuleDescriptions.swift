import ArchlintModel

/// What the pipeline itself reports (scanners, project readers, suppressions, the configuration), documented
/// like rules: the same severities, `rules:` entries, suppressions and documentation. None takes options.
enum PipelineRuleDescriptions {
    static let all: [RuleDescription] = [
        RuleDescription(
            id: PipelineRuleID.manifestUnresolved, name: "Unresolved manifest or project construct",
            summary: "A Package.swift or project construct could not be resolved statically.",
            rationale: """
                archlint reads Package.swift, Tuist manifests, Xcode projects and XcodeGen specs without running \
                them. When a construct can't be evaluated (a computed target list, a dependency built in a loop over \
                a network call, a source file a target lists that doesn't exist), the targets or dependencies it \
                would produce are missing from the graph, so rules can miss findings. The message says what was \
                skipped; simplify the construct, or accept the gap with a suppression.
                """,
            defaultSeverity: .warning, group: .pipeline,
            triggeringExamples: [
                RuleExample([
                    "Package.swift": """
                        // swift-tools-version: 5.9
                        import PackageDescription
                        import Foundation

                        let names = ProcessInfo.processInfo.environment["TARGETS"]?.split(separator: ",") ?? []
                        let package = Package(
                            name: "App",
                            targets: ↓names.map { .target(name: String($0)) } + [.target(name: "App")]
                        )
                        """,
                    "Sources/App/main.swift": "import Foundation\n",
                ], caption: "Targets computed from the environment"),
            ],
            nonTriggeringExamples: [
                RuleExample([
                    "Package.swift": """
                        // swift-tools-version: 5.9
                        import PackageDescription

                        let package = Package(name: "App", targets: [.target(name: "App")])
                        """,
                    "Sources/App/main.swift": "import Foundation\n",
                ], caption: "Literal targets"),
            ]),
        RuleDescription(
            id: PipelineRuleID.unreadableFile, name: "Unreadable file",
            summary: "A file or directory could not be read or decoded.",
            rationale: """
                A Swift file that isn't UTF-8, a directory without permission, or a project file that can't be \
                parsed at all contributes nothing to the graph (a project's targets are ignored), so findings about \
                it are missing. Fix the encoding or permissions, or exclude the path with `exclude:`.
                """,
            defaultSeverity: .warning, group: .pipeline, triggeringExamples: [], nonTriggeringExamples: []),
        RuleDescription(
            id: PipelineRuleID.syntaxError, name: "Syntax error",
            summary: "A Swift file has syntax errors; its facts may be incomplete.",
            rationale: """
                archlint reads imports, types and calls from the syntax tree. Where the parser had to recover, \
                declarations after the error may be missing, so rules can miss findings in this file. The file \
                wouldn't compile either: fix the syntax. `lint` parses in full only the files whose declarations \
                its rules read; of the others it reads the imports (exactly, or the file is parsed after all), so \
                an error elsewhere in them can't hide a finding and is left to the compiler. `--parse-all` \
                reports those too.
                """,
            defaultSeverity: .warning, group: .pipeline,
            triggeringExamples: [
                RuleExample(["Sources/App/main.swift": "import Foundation\nlet x = ↓}\n"], caption: "An unbalanced brace"),
            ],
            nonTriggeringExamples: [
                RuleExample(["Sources/App/main.swift": "import Foundation\nlet x = 1\n"]),
            ]),
        RuleDescription(
            id: PipelineRuleID.fileTooComplex, name: "File too complex",
            summary: "A Swift file exceeds a scanner bound; only its imports were read.",
            rationale: """
                Files past a size, nesting or interpolation bound (docs/limits.md) are not parsed, so a hostile or \
                generated file can't stall or crash a run; archlint reads only their imports. Types and calls in \
                such a file are invisible to the Needle and RIBs rules. Split the file, or exclude generated code.
                """,
            defaultSeverity: .warning, group: .pipeline, triggeringExamples: [], nonTriggeringExamples: []),
        RuleDescription(
            id: PipelineRuleID.invalidSuppression, name: "Invalid suppression",
            summary: "An archlint suppression comment names an unknown rule.",
            rationale: """
                A `// archlint:disable…` comment whose rule id archlint doesn't know silences nothing, usually \
                because of a typo; the message suggests the closest id. Fix the id or remove the comment.
                """,
            defaultSeverity: .warning, group: .pipeline, triggeringExamples: [], nonTriggeringExamples: []),
        RuleDescription(
            id: PipelineRuleID.unusedSuppression, name: "Unused suppression",
            summary: "An archlint suppression comment silences nothing.",
            rationale: """
                A suppression that no longer matches a finding hides the next real one at that place. Remove it \
                when the finding it was written for is fixed.
                """,
            defaultSeverity: .warning, group: .pipeline, triggeringExamples: [], nonTriggeringExamples: []),
        // The configuration's own warning about `layers:`/`features:` entries that can never match.
        RuleDescription(
            id: PipelineRuleID.configShadowedEntry, name: "Shadowed configuration entry",
            summary: "A layer or feature entry of the configuration can never match a module.",
            rationale: """
                An entry that a more specific entry always wins over, or that an exclusion removes entirely, has no \
                effect: the module it was meant for is classified elsewhere. Remove the entry, or make it more \
                specific than the one shadowing it. A `features.modules` or `features.shared` entry that names no \
                module of the repository (a typo, a renamed module) is reported too, with the closest module name.
                """,
            defaultSeverity: .warning, group: .pipeline,
            triggeringExamples: [
                RuleExample([
                    ".archlint.yml": """
                        features:
                          modules: ["*Feature", ↓"Acount"]
                          shared: [↓"BaseFeatur"]

                        """,
                    "Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [.target(name: \"Account\"), .target(name: \"BaseFeature\")])\n",
                    "Sources/Account/Account.swift": "public struct Account {}\n",
                    "Sources/BaseFeature/Base.swift": "public struct Base {}\n",
                ], caption: "Feature and shared entries that name no module (did you mean 'Account', 'BaseFeature'?)"),
            ],
            nonTriggeringExamples: [
                RuleExample([
                    ".archlint.yml": """
                        features:
                          modules: ["*Feature", "Account"]
                          shared: ["BaseFeature"]

                        """,
                    "Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [.target(name: \"Account\"), .target(name: \"BaseFeature\")])\n",
                    "Sources/Account/Account.swift": "public struct Account {}\n",
                    "Sources/BaseFeature/Base.swift": "public struct Base {}\n",
                ], caption: "Every entry names a module here"),
            ]),
        RuleDescription(
            id: PipelineRuleID.customRuleUnmatched, name: "Custom rule that can never report",
            summary: "A team's own rule in .archlint.yml matches no module or declaration of the repository.",
            rationale: """
                A `forbidden:`, `allowed:` or `required:` entry whose `from` or `to`, or a `types:` entry whose \
                `select`, matches nothing here can never report, which usually means a typo in a glob (`*Domian`). \
                Fix the selector, or remove the rule. Entries from built-in presets are not checked: a preset's rule \
                for modules a codebase doesn't have is expected.
                """,
            defaultSeverity: .warning, group: .pipeline,
            triggeringExamples: [
                RuleExample([
                    ".archlint.yml": """
                        forbidden:
                          - ↓name: domain-without-ui
                            from: {module: "*Domian"}
                            to: {module: UIKit}

                        """,
                    "Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [.target(name: \"ProfileDomain\")])\n",
                    "Sources/ProfileDomain/Profile.swift": "import UIKit\n",
                ], caption: "A misspelt module glob"),
            ],
            nonTriggeringExamples: [
                RuleExample([
                    ".archlint.yml": """
                        forbidden:
                          - name: domain-without-ui
                            from: {module: "*Domain"}
                            to: {module: UIKit}

                        """,
                    "Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [.target(name: \"ProfileDomain\")])\n",
                    "Sources/ProfileDomain/Profile.swift": "import UIKit\n",
                ], caption: "Both selectors match modules here (what the rule then finds is its own finding)"),
            ]),
    ]
}
