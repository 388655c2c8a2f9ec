import ArchlintTestSupport
import Foundation

/// A synthetic iOS app shaped like the real ones the reports must stay readable for: one app target, `features`
/// feature modules each with an `Interface` module and a test target, core, design-system and assets modules,
/// a layered `.archlint.yml`, system frameworks as externals, and a Needle tree whose root has one child per
/// feature (the wide star). A few planted violations: cross-feature imports (one from three files), an upward
/// layer import and a core cycle. Seeded, so the same size always gives the same tree.
///
/// With the default 36 features: 1 app + 72 feature/interface + 36 tests + 30 core + 8 design-system + 3 assets
/// = 150 modules.
struct GeneratedLayeredApp {
    var features = 36
    var coreModules = 30
    var designSystemModules = 8
    var assetModules = 3
    var seed: UInt64 = 11

    static let featureNames = [
        "Home", "Profile", "Settings", "Search", "Feed", "Chat", "Wallet", "Checkout", "Cart", "Orders", "Onboarding",
        "Login", "Notifications", "Camera", "Gallery", "Map", "Rides", "Delivery", "Rewards", "Support", "Help",
        "Stories", "Reels", "Live", "Events", "Tickets", "Friends", "Groups", "Marketplace", "Jobs", "News",
        "Weather", "Music", "Podcasts", "Video", "Games", "Fitness", "Health", "Travel", "Hotels", "Flights",
    ]
    static let coreNames = [
        "Networking", "Storage", "Analytics", "Logging", "Auth", "Session", "FeatureFlags", "Routing", "Payments",
        "Location", "Media", "Cache", "Keychain", "Database", "Sync", "Push", "DeepLinks", "Experiments", "Config",
        "Localization", "Accessibility", "Crash", "Performance", "Security", "Images", "Video", "Audio", "Files",
        "Contacts", "Calendar", "Reachability", "Formatting", "Validation", "Telemetry", "Consent", "Privacy",
    ]

    /// The names of the planted violations, for tests that look for them.
    static let crossFeatureImporter = "HomeFeature"
    static let crossFeatureImported = "ProfileFeature"

    var featureList: [String] {
        (0..<features).map { index in
            let base = Self.featureNames[index % Self.featureNames.count]
            return index < Self.featureNames.count ? base : "\(base)\(index / Self.featureNames.count + 1)"
        }
    }

    var coreList: [String] {
        (0..<coreModules).map { index in
            let base = Self.coreNames[index % Self.coreNames.count]
            return (index < Self.coreNames.count ? base : "\(base)\(index / Self.coreNames.count + 1)") + "Core"
        }
    }

    var designSystemList: [String] { (0..<designSystemModules).map { $0 == 0 ? "DesignSystem" : "DesignSystem\(["Buttons", "Typography", "Colors", "Icons", "Forms", "Lists", "Cards", "Sheets", "Charts"][($0 - 1) % 9])\($0 > 9 ? String($0) : "")" } }

    var assetList: [String] { (0..<assetModules).map { ["Assets", "FontAssets", "SoundAssets", "LottieAssets"][$0 % 4] + ($0 >= 4 ? String($0) : "") } }

    /// How many modules `write` creates (externals not counted).
    var moduleCount: Int { 1 + features * 3 + coreModules + designSystemModules + assetModules }

    /// Writes the app under `root` (created).
    func write(to root: URL) throws {
        var random = SplitMix64(seed: seed)
        let features = featureList
        let cores = coreList
        let designSystem = designSystemList
        let assets = assetList
        let appDependencies = (features.map { "\($0)Feature" } + ["NetworkingCore"]).joined(separator: ", ")
        try write(
            """
            # Generated: a layered app with one Interface module per feature.
            modules:
              - {path: "App/**", name: "App", type: app, dependencies: [\(appDependencies)]}
            layers:
              - {name: app, modules: ["App"]}
              - {name: feature, modules: ["*Feature", "*Interface"]}
              - {name: core, modules: ["*Core"]}
              - {name: design-system, modules: ["DesignSystem*"]}
              - {name: assets, modules: ["*Assets"]}
            rules:
              # The planted upward import can't be declared (Core would depend on Features): its layer violation
              # is the point, not the missing declaration.
              undeclared-import: {severity: warning, options: {ignore: ["\(features[0])Interface"]}}

            """, to: root.appendingPathComponent(".archlint.yml"))

        // App: imports every feature and builds the Needle root with one child per feature.
        var appImports = ["NeedleFoundation", "UIKit"] + features.map { "\($0)Feature" }
        appImports.append("NetworkingCore")
        let children = features.map { "    var \(lowerFirst($0))Component: \($0)Component { \($0)Component(parent: self) }" }
        try write(
            imports(appImports) + """

            final class RootComponent: BootstrapComponent {
                var apiClient: APIClient { shared { APIClient() } }
                var analytics: AnalyticsClient { shared { AnalyticsClient() } }
            \(children.joined(separator: "\n"))
            }

            """, to: root.appendingPathComponent("App/Sources/RootComponent.swift"))

        // Features: package `Features`.
        var targets: [String] = []
        for (index, feature) in features.enumerated() {
            var featureImports = ["NeedleFoundation", "SwiftUI", "\(feature)Interface"]
            for _ in 0..<(2 + Int(random.next() % 3)) {
                let other = features[Int(random.next() % UInt64(features.count))]
                if other != feature { featureImports.append("\(other)Interface") }
            }
            for _ in 0..<(2 + Int(random.next() % 4)) { featureImports.append(cores[Int(random.next() % UInt64(cores.count))]) }
            featureImports.append(designSystem[Int(random.next() % UInt64(designSystem.count))])
            featureImports = unique(featureImports)
            let directory = root.appendingPathComponent("Features/Sources/\(feature)Feature")
            try write(
                imports(featureImports) + """

                public protocol \(feature)Dependency: Dependency {
                    var apiClient: APIClient { get }
                }

                public final class \(feature)Component: Component<\(feature)Dependency> {}

                """, to: directory.appendingPathComponent("\(feature)Component.swift"))
            try write(
                imports(["SwiftUI", "\(feature)Interface"]) + "\nstruct \(feature)View: View { var body: some View { Text(\"\(feature)\") } }\n",
                to: directory.appendingPathComponent("\(feature)View.swift"))
            try write(
                imports(["Foundation"]) + "\npublic protocol \(feature)Buildable { func build() }\n",
                to: root.appendingPathComponent("Features/Sources/\(feature)Interface/\(feature)Buildable.swift"))
            try write(
                imports(["XCTest", "\(feature)Feature"]) + "\nfinal class \(feature)FeatureTests: XCTestCase {}\n",
                to: root.appendingPathComponent("Features/Tests/\(feature)FeatureTests/\(feature)FeatureTests.swift"))
            let declared = featureImports.filter { !Self.externals.contains($0) }
            targets.append(".target(name: \"\(feature)Interface\"),")
            targets.append(".target(name: \"\(feature)Feature\", dependencies: [\(declared.map { productReference($0, features: features) }.joined(separator: ", "))]),")
            targets.append(".testTarget(name: \"\(feature)FeatureTests\", dependencies: [\"\(feature)Feature\"]),")
            _ = index
        }
        // Planted: a cross-feature import from three files, undeclared.
        let importer = root.appendingPathComponent("Features/Sources/\(Self.crossFeatureImporter)")
        for file in ["HomeDeepLinks", "HomeShortcuts", "HomeDebugMenu"] {
            try write(
                imports(["\(Self.crossFeatureImported)"]) + "\nenum \(file) {}\n",
                to: importer.appendingPathComponent("\(file).swift"))
        }
        try write(
            manifest(name: "Features", targets: targets, dependencies: [".package(path: \"../Core\")", ".package(path: \"../DesignSystem\")"]),
            to: root.appendingPathComponent("Features/Package.swift"))

        // Core: each imports a few lower core modules (a DAG by index), plus one planted cycle.
        targets = []
        for (index, core) in cores.enumerated() {
            var coreImports = ["Foundation"]
            if index + 1 < cores.count {
                for _ in 0..<Int(random.next() % 3) {
                    coreImports.append(cores[index + 1 + Int(random.next() % UInt64(cores.count - index - 1))])
                }
            }
            if index == cores.count - 2 { coreImports.append(cores[cores.count - 1]) }  // the cycle: these two
            if index == cores.count - 1 { coreImports.append(cores[cores.count - 2]) }  // import each other
            if index == 3 { coreImports.append("\(features[0])Interface") }  // upward: core → feature layer
            coreImports = unique(coreImports)
            try write(
                imports(coreImports) + "\npublic enum \(core) {}\n",
                to: root.appendingPathComponent("Core/Sources/\(core)/\(core).swift"))
            let declared = coreImports.filter { cores.contains($0) }
            targets.append(".target(name: \"\(core)\", dependencies: [\(declared.map { "\"\($0)\"" }.joined(separator: ", "))]),")
        }
        try write(manifest(name: "Core", targets: targets, dependencies: []), to: root.appendingPathComponent("Core/Package.swift"))

        // Design system and assets.
        targets = []
        for (index, module) in designSystem.enumerated() {
            var moduleImports = ["SwiftUI", "UIKit", assets[index % assets.count]]
            if index > 0 { moduleImports.append("DesignSystem") }
            try write(
                imports(moduleImports) + "\npublic enum \(module)Tokens {}\n",
                to: root.appendingPathComponent("DesignSystem/Sources/\(module)/\(module).swift"))
            let declared = moduleImports.filter { designSystem.contains($0) || assets.contains($0) }
            targets.append(".target(name: \"\(module)\", dependencies: [\(declared.map { "\"\($0)\"" }.joined(separator: ", "))]),")
        }
        for asset in assets {
            try write(imports(["Foundation"]) + "\npublic enum \(asset)Catalog {}\n",
                      to: root.appendingPathComponent("DesignSystem/Sources/\(asset)/\(asset).swift"))
            targets.append(".target(name: \"\(asset)\"),")
        }
        try write(manifest(name: "DesignSystem", targets: targets, dependencies: []),
                  to: root.appendingPathComponent("DesignSystem/Package.swift"))
    }

    static let externals: Set<String> = ["Foundation", "UIKit", "SwiftUI", "XCTest", "NeedleFoundation"]

    private func productReference(_ module: String, features: [String]) -> String {
        if module.hasSuffix("Interface") || module.hasSuffix("Feature") { return "\"\(module)\"" }
        let package = module.hasSuffix("Core") ? "Core" : "DesignSystem"
        return ".product(name: \"\(module)\", package: \"\(package)\")"
    }

    private func manifest(name: String, targets: [String], dependencies: [String]) -> String {
        let products = targets.compactMap { line -> String? in
            guard line.hasPrefix(".target(name: \"") else { return nil }
            let name = line.dropFirst(".target(name: \"".count).prefix { $0 != "\"" }
            return "        .library(name: \"\(name)\", targets: [\"\(name)\"]),"
        }
        return """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "\(name)",
                platforms: [.iOS(.v16)],
                products: [
            \(products.joined(separator: "\n"))
                ],
                dependencies: [\(dependencies.joined(separator: ", "))],
                targets: [
            \(targets.map { "        " + $0 }.joined(separator: "\n"))
                ]
            )

            """
    }

    private func imports(_ modules: [String]) -> String {
        unique(modules).map { "import \($0)\n" }.joined()
    }

    private func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    private func lowerFirst(_ text: String) -> String { text.prefix(1).lowercased() + text.dropFirst() }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
