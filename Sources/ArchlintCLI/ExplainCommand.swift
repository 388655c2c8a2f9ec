import ArchlintKit
import ArchlintModel
import ArgumentParser
import Configuration

/// `archlint explain MODULE`: what archlint thinks a module is, and which rule of the model decided it.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Say what archlint thinks a module is (feature, interface, shared, app, test, core, external), its family and layer, and why.",
        discussion: """
            The answer is the one every rule, `init` and the pictures read (`ArchitectureClassifier`). Without \
            `features.modules` in the configuration, features are recognised by shape: a module in a features \
            folder, a module beside its `XInterface`, the head of a micro-feature family (`XTesting`, `XExample`), \
            or a `*Feature`; a feature many features depend on that depends on no feature is a shared base (two \
            suffice when its name says so: `BaseFeature`, `CommonUI`, `FeatureFoundation`, `uFeatures`).
            """)

    @Argument(help: "The module's name or id.")
    var module: String

    @OptionGroup var analysis: AnalysisOptions

    func run() throws {
        let analysed = try analysis.analyze()
        let graph = analysed.moduleGraph
        var matches = graph.nodes.filter { $0.name == module || $0.id == module }
        // A module built here, not the external node of an import nothing resolved.
        if matches.contains(where: { $0.type != .external }) { matches.removeAll { $0.type == .external } }
        guard !matches.isEmpty else {
            let hint = Suggestion.didYouMean(module, among: Set(graph.nodes.filter { $0.type != .external }.map(\.name)))
            throw CommandFailure(message: "no module named '\(module)'\(hint) (`archlint graph` lists the modules)")
        }
        var text = ""
        for node in matches.sorted(by: { $0.id < $1.id }) {
            text += Self.explain(node, analysed.classifier, graph: graph)
        }
        Console.output(text)
    }

    static func explain(_ module: Module, _ classifier: ArchitectureClassifier, graph: ModuleGraph) -> String {
        let classification = classifier.classification(of: module)
        let kind = classification.isShared && classification.kind == .core ? "shared" : classification.kind.rawValue
        var text = "\(module.name): \(kind)\n"
        text += "  why: \(classification.reason)\n"
        let members = graph.nodes.filter { $0.id != module.id && classifier.classification(of: $0).family == classification.family }
            .map(\.name).sorted()
        text += "  family: \(classification.family)"
        text += members.isEmpty ? "\n" : " (with \(Set(members).sorted().joined(separator: ", ")))\n"
        if let feature = classification.feature, classification.kind == .test { text += "  tests the feature: \(feature)\n" }
        if let owner = classification.interfaceOf { text += "  interface of: \(owner)\n" }
        if !classifier.hasLayers {
            text += "  layer: none (the configuration declares no layers)\n"
        } else if let name = classification.layerName {
            let entry = classifier.layers.bestEntry(ofModuleNamed: module.name)?.pattern
            text += "  layer: \(name)\(entry.map { " (matched by \"\($0)\")" } ?? "")\n"
        } else {
            text += "  layer: none (no layer's modules match it)\n"
        }
        var origin = module.type.rawValue
        if let declared = module.project ?? module.manifest { origin += ", declared in \(declared)" }
        if let path = module.path { origin += ", sources in \(path)" }
        text += "  module: \(module.id) (\(origin))\n"
        return text
    }
}
