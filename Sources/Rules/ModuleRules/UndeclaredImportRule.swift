import ArchlintModel
import Configuration
import Graphs

/// A source file imports a target of its own package that its target doesn't declare, directly or through an
/// `@_exported import` of a declared dependency.
public struct UndeclaredImportRule: Rule, RuleInputsProvider, DeclarationReadsProvider {
    public init() {}

    public struct Options: RuleOptions {
        public var ignore: [GlobPattern] = []
        public var allowTransitive = false
        public init() {}
        public static let documentation = [
            "ignore": "Imported module names never reported.",
            "allowTransitive": "Accept imports of targets reachable through declared dependencies (SwiftPM's own check); report only imports outside them.",
        ]
    }

    public func check(_ context: LintContext) -> [Diagnostic] {
        let index = context.moduleIndex
        var diagnostics: [Diagnostic] = []
        var availableByModule: [String: Set<String>] = [:]
        let declaredGraph = index.digraph(kinds: [.declared])
        let configured = context.options(for: Self.self)
        let options = ModuleRuleOptions(ignore: configured.ignore)
        let allowTransitive = configured.allowTransitive
        let features = context.classifier
        let developmentPods = Self.developmentPodsByProject(context.moduleGraph, index)
        for edge in context.moduleGraph.edges where edge.kind == .import {
            guard let importer = index.node(edge.from), let imported = index.node(edge.to),
                  importer.type != .external, imported.type != .external,
                  Self.isChecked(importer: importer, imported: imported),
                  !options.ignores(imported.name)
            else { continue }
            if availableByModule[importer.id] == nil {
                availableByModule[importer.id] = index.declaredForImport(of: importer.id)
            }
            let available = availableByModule[importer.id]!
            guard !available.contains(imported.id) else { continue }
            // Declared as a product of a package archlint didn't scan (a URL dependency the tree also holds a copy
            // of, a development pod through the target's Pods aggregate, or its host app's): the import resolved to
            // the scanned copy, the declaration to the external product. A target of the importer's own package is
            // no other package's product.
            if imported.manifest == nil || imported.manifest != importer.manifest, available.contains(where: {
                index.node($0).map { ExternalProducts.maySupply($0, imported) } ?? false
            }) { continue }
            if allowTransitive, declaredGraph.shortestPath(from: importer.id, to: imported.id) != nil { continue }
            guard let site = DependencyDeclarationSite(of: importer, in: context.workspace),
                  let targetLocation = context.workspace.declarationLocation(of: importer)
            else { continue }
            let head = "'\(importer.name)' imports '\(imported.name)'\(ModuleEdgeWording.conditionSuffix(edge)), "
                + (importer.manifest != nil && importer.manifest == imported.manifest
                    ? "a target of its package that it doesn't declare" : "which its target doesn't declare")
            let fix = "add \(site.dependencyToAdd(imported, in: context.workspace)) to \(site.dependencyList)"
                + site.missingPackageNote(for: imported, in: context.workspace)
                + (importer.project.flatMap { developmentPods[$0] }?.contains(ModuleNaming.c99Identifier(imported.name)) == true
                    ? ", or `pod '\(imported.name)'` to the target in the Podfile (a development pod of the repository)" : "")
            let message = features.isCrossFeature(from: importer, to: imported)
                ? head + "; don't declare it: it is another feature's implementation (see cross-feature-import)"
                : head + Self.advice(importer: importer, imported: imported, fix: fix, declaredGraph: declaredGraph, index: index,
                                     declarations: context.declarations)
            diagnostics += ModuleEdgeWording.diagnostics(
                for: edge, rule: Self.description, context: context, index: index,
                related: [RelatedLocation(location: targetLocation, message: "target '\(importer.name)' is declared here")],
                message: message)
        }
        return diagnostics
    }

    /// A SwiftPM target is checked against the targets of its own package and of the other scanned (local)
    /// packages; a project target (Xcode, XcodeGen, Tuist, config `dependencies:`) against every target the
    /// repository declares: its project's, other projects', and the targets of local packages.
    private static func isChecked(importer: Module, imported: Module) -> Bool {
        if importer.manifest != nil { return imported.manifest != nil }
        guard importer.project != nil else { return false }
        return imported.manifest != nil || imported.project != nil
    }

    /// Project path → the development pods the Pods aggregates its targets link may supply.
    private static func developmentPodsByProject(_ graph: ModuleGraph, _ index: ModuleGraphIndex) -> [String: Set<String>] {
        var pods: [String: Set<String>] = [:]
        for edge in graph.edges where edge.kind == .declared {
            guard let supplied = index.node(edge.to)?.developmentPods, let project = index.node(edge.from)?.project
            else { continue }
            pods[project, default: []].formUnion(supplied)
        }
        return pods
    }

    /// Three cases, three fixes: declaring the import would close a cycle (remove the import); the target is reachable
    /// only through another dependency (declare it); it isn't reachable at all (declare it, the build is lucky). A
    /// path not found through a dependency list archlint couldn't read whole says nothing: the last case isn't
    /// claimed then.
    private static func advice(importer: Module, imported: Module, fix: String, declaredGraph: Digraph, index: ModuleGraphIndex,
                               declarations: DeclarationCompleteness) -> String {
        if let path = declaredGraph.shortestPath(from: imported.id, to: importer.id) {
            let names = path.map { index.name(of: $0) }.joined(separator: " → ")
            return " and can't: '\(imported.name)' already depends on it (\(names)); "
                + "remove the import and move what it needs down into '\(importer.name)' or below"
        }
        if let path = declaredGraph.shortestPath(from: importer.id, to: imported.id), path.count > 2 {
            let names = path.map { index.name(of: $0) }.joined(separator: " → ")
            return " directly; it is only reachable transitively (\(names)) and breaks when '\(index.name(of: path[1]))' "
                + "drops it; \(fix)"
        }
        if let unread = declaredGraph.reachable(from: [importer.id]).union([importer.id]).sorted().first(where: declarations.isPartial) {
            return " directly; it may be reachable through '\(index.name(of: unread))', whose dependencies archlint couldn't "
                + "read all of (see manifest-unresolved); \(fix)"
        }
        return " (it compiles only while the build order happens to build '\(imported.name)' first); \(fix)"
    }

    /// An import is undeclared only if the importer's dependency list was read whole; with `allowTransitive`,
    /// the lists along its declared closure too.
    public static func declarationReads(of findings: [Diagnostic], in context: LintContext) -> [DeclarationReads] {
        let transitive = context.options(for: Self.self).allowTransitive
        let declaredGraph = transitive ? context.moduleIndex.digraph(kinds: [.declared]) : nil
        var closures: [String: [String]] = [:]
        return findings.map { finding in
            guard let importer = finding.subject.first else { return .none }
            guard let declaredGraph else { return DeclarationReads(declarations: [importer]) }
            if closures[importer] == nil {
                closures[importer] = Array(declaredGraph.reachable(from: [importer]).union([importer]))
            }
            return DeclarationReads(declarations: closures[importer]!)
        }
    }

    public static let inputs = RuleInputs.moduleRule

    public static let description = RuleDescription(
        id: "undeclared-import",
        name: "Undeclared import",
        summary: "A file imports a target of its own package or of another local package (or, in a project, any target of the repository) that its target doesn't declare as a dependency.",
        rationale: """
            SwiftPM puts every built module on the search path, so importing a sibling target that is only a \
            transitive dependency compiles by accident, until the build order changes or the transitive edge goes \
            away. Declare every target you import (an `@_exported import` in a declared dependency counts as \
            declaring what it re-exports). Importing a target that is only reachable through another dependency is \
            reported too: it breaks as soon as that dependency drops it. Set the `allowTransitive` option to accept \
            those and report only imports outside the declared dependencies, like SwiftPM's \
            `--explicit-target-dependency-import-check`. Targets of other local (scanned) packages are checked too: \
            the fix names the product to declare. Targets of Xcode projects, XcodeGen and Tuist are checked \
            the same way against every target of the repository (their own project's, other projects', local \
            packages'): the fix names where to declare it. External and system modules are not checked. A target \
            that links a CocoaPods aggregate (`Pods_App.framework`, `libPods-App.a`), or whose host app does, may \
            import the pods the repository develops (a podspec in the tree names them: `pod 'Kit', :path => 'Kit'`); \
            the aggregate supplies no other target of the repository.
            """,
        defaultSeverity: .warning,
        group: .module,
        triggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("HomeFeature", ["\"UICore\""]), ("UICore", ["\"DesignSystem\""]), ("DesignSystem", []),
                    ]),
                    "Sources/HomeFeature/Home.swift": "import UIKit\nimport UICore\n↓import DesignSystem\n",
                    "Sources/UICore/Theme.swift": "import DesignSystem\n",
                    "Sources/DesignSystem/Button.swift": "import SwiftUI\n",
                ],
                caption: "HomeFeature gets DesignSystem only transitively through UICore"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [("Core", [])], testTargets: [("CoreTests", [])]),
                    "Sources/Core/Core.swift": "public struct Core {}\n",
                    "Tests/CoreTests/CoreTests.swift": "↓@testable import Core\n",
                ],
                caption: "A test target must declare the target it tests"),
            RuleExample(
                [
                    "project.yml": ModuleRuleExamples.xcodegenSpec(
                        packages: ["CorePackage"],
                        targets: [
                            (name: "App", type: "application", sources: "App", dependencies: ["target: Core"]),
                            (name: "Core", type: "framework", sources: "Core", dependencies: []),
                        ]),
                    "App/App.swift": "import UIKit\nimport Core\n↓import Networking\n",
                    "Core/Core.swift": "import Foundation\n",
                    "CorePackage/Package.swift": ModuleRuleExamples.packageWithProduct("Networking"),
                    "CorePackage/Sources/Networking/Client.swift": "import Foundation\n",
                ],
                caption: "An XcodeGen app imports a product of a local package it doesn't list under `dependencies:`"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        dependencies: [".package(path: \"Kit\")"],
                        targets: [("App", [".product(name: \"KitAll\", package: \"Kit\")"])]),
                    "Sources/App/App.swift": "import KitAll\n↓import Networking\n",
                    "Kit/Package.swift": ModuleRuleExamples.package("Kit", product: "KitAll", targets: [
                        ("KitAll", ["\"Networking\""]), ("Networking", []),
                    ]),
                    "Kit/Sources/KitAll/Exports.swift": "import Networking\n",
                    "Kit/Sources/Networking/Client.swift": "import Foundation\n",
                ],
                caption: "A package target imports a target of another local package that only a declared product's own dependencies bring"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("App", ["\"AppDependencies\""]), ("AppDependencies", ["\"FeatureDependencies\""]),
                        ("FeatureDependencies", ["\"DesignSystem\""]), ("DesignSystem", []),
                    ]),
                    "Sources/App/App.swift": "import DesignSystem\n",
                    "Sources/AppDependencies/Dependencies.swift": "// Declares what the app links.\n",
                    "Sources/FeatureDependencies/Dependencies.swift": "// Declares what features link.\n",
                    "Sources/DesignSystem/Button.swift": "import SwiftUI\n",
                ],
                caption: "Imports satisfied through umbrella targets (no code, only declared dependencies) the target depends on"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("HomeFeature", ["\"UICore\""]), ("UICore", ["\"DesignSystem\""]), ("DesignSystem", []),
                    ]),
                    "Sources/HomeFeature/Home.swift": "import UIKit\nimport UICore\nimport DesignSystem\n",
                    "Sources/UICore/Exports.swift": "@_exported import DesignSystem\n",
                    "Sources/DesignSystem/Button.swift": "import SwiftUI\n",
                ],
                caption: "UICore re-exports DesignSystem with @_exported; system modules are never checked"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        dependencies: [".package(url: \"https://github.com/apple/swift-log\", from: \"1.5.0\")"],
                        targets: [("Core", [".product(name: \"Logging\", package: \"swift-log\")"])]),
                    "Sources/Core/Core.swift": "import Foundation\nimport Logging\n",
                ],
                caption: "Products of other packages are resolved through their package"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        dependencies: [".package(path: \"Kit\")"],
                        targets: [("App", [".product(name: \"Networking\", package: \"Kit\")"])]),
                    "Sources/App/App.swift": "import Networking\n",
                    "Kit/Package.swift": ModuleRuleExamples.packageWithProduct("Networking"),
                    "Kit/Sources/Networking/Client.swift": "import Foundation\n",
                ],
                caption: "A product of another local package, declared by the importing target"),
            RuleExample(
                [
                    "project.yml": ModuleRuleExamples.xcodegenSpec(
                        packages: ["CorePackage"],
                        targets: [
                            (name: "App", type: "application", sources: "App", dependencies: [
                                "target: Core", "package: CorePackage\n        product: Networking",
                            ]),
                            (name: "Core", type: "framework", sources: "Core", dependencies: []),
                        ]),
                    "App/App.swift": "import UIKit\nimport Core\nimport Networking\n",
                    "Core/Core.swift": "import Foundation\n",
                    "CorePackage/Package.swift": ModuleRuleExamples.packageWithProduct("Networking"),
                    "CorePackage/Sources/Networking/Client.swift": "import Foundation\n",
                ],
                caption: "Project targets declare frameworks of their project and products of local packages in `dependencies:`"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("HomeFeature", ["\"UICore\""]), ("UICore", ["\"DesignSystem\""]), ("DesignSystem", []),
                    ]),
                    "Sources/HomeFeature/Home.swift": "import UICore\nimport DesignSystem\n",
                    "Sources/UICore/Theme.swift": "import DesignSystem\n",
                    "Sources/DesignSystem/Button.swift": "import SwiftUI\n",
                ],
                configuration: "rules:\n  undeclared-import: {severity: warning, options: {allowTransitive: true}}\n",
                caption: "With `allowTransitive`, targets reachable through declared dependencies are accepted, like SwiftPM's own check"),
        ]
    )
}
