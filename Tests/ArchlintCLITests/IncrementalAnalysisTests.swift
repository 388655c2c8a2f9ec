import ArchlintModel
import ArchlintTestSupport
import Foundation
import Reporting
import Testing
@testable import ArchlintKit
@testable import Workspace

/// The incremental state (graphs and rule outputs reused from the last run when their inputs are unchanged) never
/// changes what a run reports: after each of a sequence of seeded random edits to a multi-module Needle workspace,
/// the analysis with the state equals a full analysis without any cache, in diagnostics, the JSON report and the
/// graph JSON.
@Suite struct IncrementalAnalysisTests {
    /// A seeded SwiftPM workspace: a chain of Needle feature modules under a root component, a services module, and
    /// a few planted findings (an undeclared import, a provider no ancestor has).
    struct NeedleWorkspace {
        let root: URL
        var features: [String]
        var random: SplitMix64

        init(seed: UInt64, featureCount: Int = 5) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-incremental-\(UUID().uuidString)")
            features = (0..<featureCount).map { "Feature\($0)" }
            random = SplitMix64(seed: seed)
            try write()
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        func file(_ relative: String) -> URL { root.appendingPathComponent(relative) }

        private func write() throws {
            // Feature i depends on feature i+1 (its child component's module); the app on Feature0.
            var targets = ["        .target(name: \"Services\"),"]
            for (index, feature) in features.enumerated() {
                var dependencies = ["\"Services\"", "needle"]
                if index + 1 < features.count { dependencies.insert("\"\(features[index + 1])\"", at: 0) }
                targets.append("        .target(name: \"\(feature)\", dependencies: [\(dependencies.joined(separator: ", "))]),")
            }
            targets.append("        .target(name: \"App\", dependencies: [\"\(features[0])\", \"Services\", needle]),")
            try put("Package.swift", """
                // swift-tools-version: 5.9
                import PackageDescription

                let needle: Target.Dependency = .product(name: "NeedleFoundation", package: "needle")

                let package = Package(
                    name: "Generated",
                    dependencies: [.package(url: "https://github.com/uber/needle.git", from: "0.25.0")],
                    targets: [
                \(targets.joined(separator: "\n"))
                    ]
                )

                """)
            try put("Sources/Services/Services.swift", """
                public final class APIClient { public init() {} }
                public final class AnalyticsService { public init() {} }
                public final class CartStore { public init() {} }

                """)
            try put("Sources/App/RootComponent.swift", """
                import \(features[0])
                import NeedleFoundation
                import Services

                final class RootComponent: BootstrapComponent {
                    var apiClient: APIClient {
                        shared { APIClient() }
                    }

                    var analytics: AnalyticsService {
                        shared { AnalyticsService() }
                    }

                    var child: \(features[0])Component {
                        \(features[0])Component(parent: self)
                    }
                }

                """)
            for (index, feature) in features.enumerated() {
                let child = index + 1 < features.count ? features[index + 1] : nil
                var text = (child.map { "import \($0)\n" } ?? "") + "import NeedleFoundation\nimport Services\n"
                // One planted undeclared import (the last feature imports the app's first feature's sibling).
                if index == features.count - 1 { text += "import \(features[1])\n" }
                text += """

                    public protocol \(feature)Dependency: Dependency {
                        var apiClient: APIClient { get }
                        var \(index == 2 ? "cart: CartStore" : "analytics: AnalyticsService") { get }
                    }

                    public final class \(feature)Component: Component<\(feature)Dependency> {
                        public var store: CartStore {
                            shared { CartStore() }
                        }

                    """
                if let child {
                    text += """
                            public var child: \(child)Component {
                                \(child)Component(parent: self)
                            }

                        """
                }
                text += "}\n"
                try put("Sources/\(feature)/\(feature)Component.swift", text)
                try put("Sources/\(feature)/\(feature)View.swift", """
                    import Services

                    struct \(feature)View {
                        let client: APIClient

                        func render() -> Int {
                            1
                        }
                    }

                    """)
            }
        }

        func put(_ relative: String, _ text: String) throws {
            let url = file(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func read(_ relative: String) throws -> String { try String(contentsOf: file(relative), encoding: .utf8) }

        enum Edit: CaseIterable {
            case addImport, removeImport, renameProvider, addComponent, editBody
            /// Edits the Needle analyses read nothing of, and edits of what they read through a name.
            case addUnrelatedExtension, editViewBody, extendComponent, extendRootComponent, addServiceClass,
                 renameRequirement
        }

        /// Applies one random edit and says what it did.
        mutating func applyRandomEdit(step: Int) throws -> (edit: Edit, description: String) {
            let edit = Edit.allCases[Int(random.next() % UInt64(Edit.allCases.count))]
            let feature = features[Int(random.next() % UInt64(features.count))]
            return (edit, try apply(edit, step: step, feature: feature))
        }

        /// Applies one edit to `feature`'s files (or the app's) and says what it did.
        mutating func apply(_ edit: Edit, step: Int, feature: String) throws -> String {
            switch edit {
            case .addImport:
                let other = ["Services", "App", "UIKit"] + features
                let imported = other[Int(random.next() % UInt64(other.count))]
                let path = "Sources/\(feature)/\(feature)View.swift"
                try put(path, "import \(imported)\n" + read(path))
                return "import \(imported) in \(path)"
            case .removeImport:
                let path = "Sources/\(feature)/\(feature)Component.swift"
                var lines = try read(path).components(separatedBy: "\n")
                guard let index = lines.firstIndex(where: { $0.hasPrefix("import ") }) else { return "no import in \(path)" }
                let removed = lines.remove(at: index)
                try put(path, lines.joined(separator: "\n"))
                return "removed \(removed) from \(path)"
            case .renameProvider:
                let path = "Sources/App/RootComponent.swift"
                let text = try read(path)
                let renamed = text.contains("var apiClient:")
                    ? text.replacingOccurrences(of: "var apiClient:", with: "var apiClientRenamed:")
                    : text.replacingOccurrences(of: "var apiClientRenamed:", with: "var apiClient:")
                try put(path, renamed)
                return "renamed a provider in \(path)"
            case .addComponent:
                let name = "Extra\(step)"
                let path = "Sources/\(feature)/\(name)Component.swift"
                try put(path, """
                    import NeedleFoundation
                    import Services

                    protocol \(name)Dependency: Dependency {
                        var apiClient: APIClient { get }
                        var missing\(step): CartStore { get }
                    }

                    final class \(name)Component: Component<\(name)Dependency> {}

                    extension \(feature)Component {
                        var extra\(step): \(name)Component {
                            \(name)Component(parent: self)
                        }
                    }

                    """)
                return "added \(path)"
            case .editBody:
                // Lines inserted above the declarations: every later position in the file moves.
                let path = "Sources/\(feature)/\(feature)Component.swift"
                try put(path, "// edit \(step)\n\n" + read(path))
                return "body edit in \(path)"
            case .addUnrelatedExtension:
                let path = "Sources/\(feature)/\(feature)View.swift"
                try put(path, read(path) + "\nextension Never {\n    static func e\(step)() -> Int { \(step) }\n}\n")
                return "an extension of Never in \(path)"
            case .editViewBody:
                let path = "Sources/\(feature)/\(feature)View.swift"
                // In place: no line of the file moves.
                try put(path, read(path).replacingOccurrences(
                    of: #"(func render\(\) -> Int \{\n +)[0-9]+"#, with: "$1\(step + 2)", options: .regularExpression))
                return "a view's body edited in \(path)"
            case .extendComponent:
                // A provider added through an extension in another file: the Needle analyses must see it.
                let path = "Sources/\(feature)/\(feature)View.swift"
                try put(path, read(path) + "\nextension \(feature)Component {\n    var cart: CartStore { CartStore() }\n}\n")
                return "a provider added to \(feature)Component in \(path)"
            case .extendRootComponent:
                let path = "Sources/App/Extra\(step).swift"
                try put(path, "import Services\n\nextension RootComponent {\n    var cart: CartStore { CartStore() }\n}\n")
                return "a root provider in \(path)"
            case .addServiceClass:
                let path = "Sources/Services/Services.swift"
                try put(path, read(path) + "public final class Logger\(step) { public init() {} }\n")
                return "a class added to \(path)"
            case .renameRequirement:
                let path = "Sources/\(feature)/\(feature)Component.swift"
                let text = try read(path)
                let renamed = text.contains("var apiClient: APIClient { get }")
                    ? text.replacingOccurrences(of: "var apiClient: APIClient { get }", with: "var apiClient2: APIClient { get }")
                    : text.replacingOccurrences(of: "var apiClient2: APIClient { get }", with: "var apiClient: APIClient { get }")
                try put(path, renamed)
                return "a requirement renamed in \(path)"
            }
        }
    }

    /// Everything a run reports, as text: the diagnostics, the JSON report, and the module and component graph JSON.
    private func outputs(_ analysis: ArchitectureAnalysis) -> [String] {
        [
            analysis.diagnostics.map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.rule) \($0.message)" }
                .joined(separator: "\n"),
            JSONReporter().generate(analysis.report(), options: ReportOptions()),
            GraphJSON.modules(analysis.moduleGraph),
            GraphJSON.components(analysis.componentGraph),
        ]
    }

    private func analyze(_ root: URL, cache: String?) throws -> ArchitectureAnalysis {
        let scan = cache.map { ScanOptions(cacheDirectory: $0) } ?? ScanOptions(useCache: false)
        return try Analyzer.analyze(root: root.path, options: AnalyzerOptions(scan: scan))
    }

    /// As `lint` runs: through the cache, reading in full only what the rules read (`ScanDemand.lint`).
    private func lint(_ root: URL, cache: String) throws -> ArchitectureAnalysis {
        try #require(try Analyzer.lint(
            root: root.path, options: AnalyzerOptions(scan: ScanOptions(cacheDirectory: cache)), needsAnalysis: true
        ).analysis)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomEditsGiveTheFullRunsOutput(seed: UInt64) throws {
        var workspace = try NeedleWorkspace(seed: seed)
        let cache = workspace.root.path + "-cache"
        defer {
            workspace.remove()
            try? FileManager.default.removeItem(atPath: cache)
        }
        var moduleGraphReuses = 0, ruleReuses = 0, statesLoaded = 0, needleReuses = 0, editsNeedleNeverReads = 0
        var skimmed = 0
        let first = try lint(workspace.root, cache: cache)
        #expect(outputs(first) == outputs(try analyze(workspace.root, cache: nil)))
        for step in 0..<16 {
            let (kind, edit) = try workspace.applyRandomEdit(step: step)
            if kind == .addUnrelatedExtension || kind == .editViewBody { editsNeedleNeverReads += 1 }
            // Incremental and skimming what the rules don't read, against a run parsing everything afresh.
            let incremental = try lint(workspace.root, cache: cache)
            skimmed += incremental.statistics.filesSkimmed
            let full = try analyze(workspace.root, cache: nil)
            #expect(outputs(incremental) == outputs(full), "after step \(step): \(edit)")
            #expect(full.incremental == IncrementalReuse())
            if incremental.incremental.stateLoaded { statesLoaded += 1 }
            if incremental.incremental.moduleGraphReused { moduleGraphReuses += 1 }
            if incremental.incremental.needleReused { needleReuses += 1 }
            ruleReuses += incremental.incremental.reusedRules.count
        }
        // The state was read every time, files were skimmed, and something was reused: the comparison exercised
        // the reuse and the filter.
        #expect(statesLoaded == 16)
        #expect(skimmed > 0)
        #expect(moduleGraphReuses > 0)
        // Each edit of what the Needle analyses never read reused their outputs (and the seeds make some).
        #expect(needleReuses >= editsNeedleNeverReads)
        #expect(ruleReuses > 0)
    }

    /// An edit that moves no import and changes no declaration of a module reuses the module graph and the module
    /// rules; an added import reruns them, and the Needle rules only when it imports RIBs or NeedleFoundation or
    /// sits in a file that declares what the Needle analyses read.
    @Test func aBodyEditReusesTheModuleGraphAndModuleRules() throws {
        let workspace = try NeedleWorkspace(seed: 9)
        let cache = workspace.root.path + "-cache"
        defer {
            workspace.remove()
            try? FileManager.default.removeItem(atPath: cache)
        }
        _ = try analyze(workspace.root, cache: cache)
        let path = "Sources/Feature1/Feature1View.swift"
        try workspace.put(path, try workspace.read(path) + "\nextension Feature1View {\n    func more() -> Int { 2 }\n}\n")
        let edited = try analyze(workspace.root, cache: cache)
        #expect(edited.incremental.moduleGraphReused)
        #expect(edited.incremental.reusedRules.contains("undeclared-import"))
        // The view is a struct the Needle analyses never looked up: their rules are reused too.
        #expect(edited.incremental.reusedRules.contains("missing-dependency"))
        #expect(outputs(edited) == outputs(try analyze(workspace.root, cache: nil)))

        try workspace.put(path, "import Feature3\n" + (try workspace.read(path)))
        let imported = try analyze(workspace.root, cache: cache)
        #expect(!imported.incremental.moduleGraphReused)
        #expect(!imported.incremental.reusedRules.contains("undeclared-import"))
        // The view declares nothing the Needle analyses read, so of its imports only RIBs and NeedleFoundation count.
        #expect(imported.incremental.reusedRules.contains("missing-dependency"))
        #expect(outputs(imported) == outputs(try analyze(workspace.root, cache: nil)))

        try workspace.put(path, "import RIBs\n" + (try workspace.read(path)))
        let ribs = try analyze(workspace.root, cache: cache)
        #expect(!ribs.incremental.reusedRules.contains("missing-dependency"))
        #expect(outputs(ribs) == outputs(try analyze(workspace.root, cache: nil)))

        // An import in a component's file counts whole (its flavor, needle's generated imports).
        let component = "Sources/Feature1/Feature1Component.swift"
        try workspace.put(component, "import Feature4\n" + (try workspace.read(component)))
        let componentImport = try analyze(workspace.root, cache: cache)
        #expect(!componentImport.incremental.reusedRules.contains("missing-dependency"))
        #expect(outputs(componentImport) == outputs(try analyze(workspace.root, cache: nil)))
    }

    /// An edit that touches nothing the Needle analyses read (an extension of a type they never looked up, a
    /// struct's body) reuses the component graph and the Needle rules without making the analyses; an extension of
    /// a component, a requirement renamed or a class added reruns them.
    @Test func editsNeedleNeverReadReuseTheNeedleRules() throws {
        var workspace = try NeedleWorkspace(seed: 11)
        let cache = workspace.root.path + "-cache"
        defer {
            workspace.remove()
            try? FileManager.default.removeItem(atPath: cache)
        }
        _ = try analyze(workspace.root, cache: cache)
        let view = "Sources/Feature1/Feature1View.swift"
        try workspace.put(view, try workspace.read(view) + "\nextension Never {\n    static func more() -> Int { 2 }\n}\n")
        let unrelated = try analyze(workspace.root, cache: cache)
        #expect(unrelated.incremental.needleReused)
        #expect(unrelated.incremental.reusedRules.contains("missing-dependency"))
        #expect(unrelated.incremental.reusedRules.contains("component-cycle"))
        #expect(unrelated.needleAnalyses?.valueIfComputed == nil, "the Needle analyses were made though nothing asked")
        #expect(outputs(unrelated) == outputs(try analyze(workspace.root, cache: nil)))

        try workspace.put(view, try workspace.read(view).replacingOccurrences(of: "1\n        }", with: "2\n        }"))
        let body = try analyze(workspace.root, cache: cache)
        #expect(body.incremental.needleReused)
        #expect(outputs(body) == outputs(try analyze(workspace.root, cache: nil)))

        for step in 0..<3 {
            let edit: NeedleWorkspace.Edit = [.extendRootComponent, .renameRequirement, .addServiceClass][step]
            let what = try workspace.apply(edit, step: step, feature: "Feature2")
            let edited = try analyze(workspace.root, cache: cache)
            #expect(!edited.incremental.needleReused, "after \(what)")
            #expect(!edited.incremental.reusedRules.contains("missing-dependency"), "after \(what)")
            #expect(outputs(edited) == outputs(try analyze(workspace.root, cache: nil)), "after \(what)")
        }
    }

    /// The state packs the module graph's locations; unpacking gives back every field, and a packed graph whose
    /// locations don't unpack is an error (the state then reads as none).
    @Test func theStoredModuleGraphUnpacksToTheSameGraph() throws {
        let graph = ModuleGraph(nodes: [Module(id: "A", name: "A", type: .regular), Module(id: "B", name: "B", type: .regular)], edges: [
            ModuleEdge(
                from: "A", to: "B", kind: .import, condition: "DEBUG",
                locations: [
                    SourceLocation(file: "Sources/A/a.swift", line: 3, column: 1),
                    SourceLocation(file: "Sources/A/b.swift", line: 1, column: 9),
                    SourceLocation(file: "Sources/A/a.swift", line: 7, column: 2),
                ],
                exported: true, testable: true),
            ModuleEdge(from: "B", to: "A", kind: .declared),
        ])
        let stored = StoredModuleGraph(graph)
        #expect(stored.paths == ["Sources/A/a.swift", "Sources/A/b.swift"])
        #expect(try stored.graph == graph)
        var broken = stored
        broken.edges[0].locations.removeLast()
        #expect(throws: StoredModuleGraph.StateFormatError.self) { try broken.graph }
        broken = stored
        broken.edges[0].locations[0] = 5
        #expect(throws: StoredModuleGraph.StateFormatError.self) { try broken.graph }
    }

    /// A corrupt, truncated or foreign state file is ignored (the run is a full one) and replaced by a good one.
    @Test(arguments: ["garbage", "truncated", "flipped"])
    func aCorruptStateIsIgnoredAndRebuilt(damage: String) throws {
        let workspace = try NeedleWorkspace(seed: 4)
        let cache = workspace.root.path + "-cache"
        defer {
            workspace.remove()
            try? FileManager.default.removeItem(atPath: cache)
        }
        _ = try analyze(workspace.root, cache: cache)
        let stateFile = try #require(AnalysisStateCache(options: ScanOptions(cacheDirectory: cache), root: workspace.root.path)).filePath
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: stateFile)))
        switch damage {
        case "garbage": bytes = Array("not a state file at all, but long enough to have a header".utf8)
        case "truncated": bytes = Array(bytes.prefix(bytes.count / 2))
        default: bytes[bytes.count - 3] ^= 0xFF
        }
        try Data(bytes).write(to: URL(fileURLWithPath: stateFile))

        let damaged = try analyze(workspace.root, cache: cache)
        #expect(!damaged.incremental.stateLoaded)
        #expect(outputs(damaged) == outputs(try analyze(workspace.root, cache: nil)))
        let next = try analyze(workspace.root, cache: cache)
        #expect(next.incremental.stateLoaded)
        #expect(next.incremental.moduleGraphReused)
    }
}
