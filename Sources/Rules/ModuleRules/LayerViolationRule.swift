import ArchlintModel
import Configuration
import Graphs

/// A module that imports, or declares a dependency on, a module of a higher configured layer.
public struct LayerViolationRule: Rule, RuleInputsProvider {
    public init() {}

    public struct Options: RuleOptions {
        public var allow: [ModuleAllowance] = []
        public init() {}
        public static let documentation = [
            "allow": "Exceptions: a module matching `from` may import a higher-layer module matching `to`.",
        ]
    }

    public func check(_ context: LintContext) -> [Diagnostic] {
        let classifier = context.classifier
        guard classifier.hasLayers else { return [] }
        let index = context.moduleIndex
        let options = ModuleRuleOptions(allow: context.options(for: Self.self).allow)
        var violations: [(edge: ModuleEdge, message: String)] = []
        for edge in context.moduleGraph.edges {
            let fromName = index.name(of: edge.from), toName = index.name(of: edge.to)
            guard let from = classifier.classification(ofModuleID: edge.from), let to = classifier.classification(ofModuleID: edge.to),
                  let fromRank = from.layer, let toRank = to.layer, toRank < fromRank,
                  let fromLayer = from.layerName, let toLayer = to.layerName,
                  !options.allows(from: fromName, to: toName)
            else { continue }
            let message = "'\(fromName)' (layer \(fromLayer)) \(ModuleEdgeWording.verb(edge.kind)) '\(toName)' of the "
                + "higher layer \(toLayer)\(ModuleEdgeWording.conditionSuffix(edge)); a module may only depend on its own "
                + "layer or lower: move the code it needs down to \(fromLayer) or below, or invert the dependency with a "
                + "protocol injected from above"
            violations.append((edge, message))
        }
        return ModuleEdgeWording.pairDiagnostics(for: violations, rule: Self.description, context: context, index: index)
    }

    static let exampleLayers = """
        layers:
          - {name: feature, modules: ["*Feature"]}
          - {name: core, modules: ["*Core"]}
          - {name: design-system, modules: ["DesignSystem"]}

        """

    public static let inputs = RuleInputs.moduleRule

    public static let description = RuleDescription(
        id: "layer-violation",
        name: "Layer violation",
        summary: "A module imports, or declares a dependency on, a module of a higher layer.",
        rationale: """
            `layers:` lists the architecture's layers from top to bottom. A module may depend on modules of its own \
            layer or of lower layers; depending upwards couples the foundation to what is built on it and usually \
            ends in a cycle. Move the code the lower module needs down, or invert the dependency: declare a protocol \
            in the lower layer and inject the implementation from above. Modules that match no layer are not checked.
            """,
        defaultSeverity: .error,
        group: .module,
        triggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("HomeFeature", ["\"UICore\""]), ("UICore", ["\"DesignSystem\""]),
                        ("DesignSystem", ["↓\"HomeFeature\""]),
                    ]),
                    "Sources/HomeFeature/Home.swift": "import UICore\n",
                    "Sources/UICore/Theme.swift": "import DesignSystem\n",
                    "Sources/DesignSystem/Button.swift": "#if DEBUG\n↓import HomeFeature\n#endif\n",
                ],
                configuration: exampleLayers,
                caption: "DesignSystem reaches up into a feature, in source and in Package.swift: one finding",
                findings: 1),
        ],
        nonTriggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("HomeFeature", ["\"UICore\"", "\"DesignSystem\""]),
                        ("UICore", ["\"DesignSystem\"", "\"NetworkCore\""]), ("NetworkCore", []), ("DesignSystem", []),
                    ]),
                    "Sources/HomeFeature/Home.swift": "import UICore\nimport DesignSystem\n",
                    "Sources/UICore/Theme.swift": "import DesignSystem\nimport NetworkCore\n",
                    "Sources/NetworkCore/Client.swift": "import Foundation\n",
                    "Sources/DesignSystem/Button.swift": "import SwiftUI\n",
                ],
                configuration: exampleLayers,
                caption: "Imports of the same layer, lower layers and unlayered modules"),
        ]
    )
}
