import Foundation

/// Writes a synthetic monorepo to disk: sources first, then manifests whose target dependencies are read off
/// the generated imports, so only the planted module-rule violations stand out.
struct CorpusWriter {
    struct Module {
        var name: String
        /// Directory of the owning package relative to the root; nil for the app target (config-mapped).
        var package: String?
        var isTest = false
        /// Directory relative to the root.
        var directory: String
        var files: [(String, String)]
    }

    struct Summary: Codable {
        var files = 0
        var lines = 0
        var bytes = 0
        var modules = 0
        var packages = 0
    }

    let plan: CorpusPlan

    static let systemModules: Set<String> = ["Foundation", "SwiftUI", "UIKit", "Combine", "XCTest"]
    static let externalProducts = ["NeedleFoundation": ("NeedleFoundation", "needle"), "RIBs": ("RIBs", "RIBs-iOS")]

    func modules() -> [Module] {
        var modules: [Module] = []
        var composition = CompositionSources(plan: plan)
        let corePackage = "Packages/Core"
        let servicePackage = "Packages/Platform/Services"
        for module in plan.coreModules + ["DesignSystem", "Assets"] {
            let count = module.hasSuffix("Core") ? plan.coreFileCount : max(3, plan.coreFileCount / 4)
            modules.append(
                Module(
                    name: module, package: corePackage, directory: "\(corePackage)/Sources/\(module)",
                    files: composition.coreFiles(module: module, fileCount: count)))
        }
        for module in plan.serviceModules {
            modules.append(
                Module(
                    name: module, package: servicePackage, directory: "\(servicePackage)/Sources/\(module)",
                    files: composition.coreFiles(module: module, fileCount: plan.serviceFileCount)))
        }
        for (group, groupName) in plan.groups.enumerated() {
            let package = "Packages/Features/\(groupName)"
            for index in plan.features.indices where plan.features[index].group == group {
                var sources = FeatureSources(plan: plan, index: index)
                let feature = plan.features[index]
                modules.append(
                    Module(
                        name: feature.interface, package: package, directory: "\(package)/Sources/\(feature.interface)",
                        files: sources.interfaceFiles()))
                modules.append(
                    Module(
                        name: feature.module, package: package, directory: "\(package)/Sources/\(feature.module)",
                        files: sources.implementationFiles()))
                if index % 4 == 0 {
                    modules.append(
                        Module(
                            name: "\(feature.module)Tests", package: package, isTest: true,
                            directory: "\(package)/Tests/\(feature.module)Tests", files: [testFile(feature)]))
                }
            }
            let root = plan.compositionRoot(ofGroup: group)
            modules.append(
                Module(
                    name: root, package: package, directory: "\(package)/Sources/\(root)",
                    files: composition.compositionRootFiles(group: group)))
        }
        modules.append(Module(name: "App", package: nil, directory: "App/Sources", files: composition.appFiles()))
        for index in plan.sampleAppFeatures {
            let name = "\(plan.features[index].name)Sample"
            modules.append(Module(
                name: name, package: nil, directory: "Samples/\(name)", files: composition.sampleAppFiles(feature: index)))
        }
        return modules
    }

    private func testFile(_ feature: CorpusPlan.Feature) -> (String, String) {
        (
            "\(feature.name)InteractorTests.swift",
            """
            import XCTest
            @testable import \(feature.module)

            final class \(feature.name)InteractorTests: XCTestCase {
                func testSelectRoutesToDetail() {
                    let values = [1, 2, 3].map { $0 * 2 }
                    XCTAssertEqual(values.count, 3)
                }
            }

            """
        )
    }

    /// Writes everything under `root` (which must not exist or be empty) and returns the totals.
    func write(to root: URL) throws -> Summary {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        let modules = modules()
        var summary = Summary()
        for module in modules {
            for (relative, text) in module.files {
                let url = root.appendingPathComponent(module.directory).appendingPathComponent(relative)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
                summary.files += 1
                summary.bytes += text.utf8.count
                summary.lines += text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            }
        }
        summary.modules = modules.filter { !$0.isTest }.count
        let manifests = manifests(for: modules)
        for (directory, text) in manifests {
            let url = root.appendingPathComponent(directory).appendingPathComponent("Package.swift")
            try Data(text.utf8).write(to: url)
        }
        summary.packages = manifests.count
        let configuration = """
            # Synthetic monorepo written by archlint-bench (seed \(plan.seed)).
            extends: needle-ribs
            modules:
              - {path: "App/Sources/**", name: "App"}

            """
        try Data(configuration.utf8).write(to: root.appendingPathComponent(".archlint.yml"))
        let project = root.appendingPathComponent(Self.appProjectPath)
        try fileManager.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(appProject(modules).text().utf8).write(to: project.appendingPathComponent("project.pbxproj"))
        return summary
    }

    // MARK: Projects

    static let appProjectPath = "App.xcodeproj"

    /// The app's Xcode project, as a large app has one at its top: the app target compiling `App/Sources`, linked
    /// to the package products it imports through local package references.
    func appProject(_ modules: [Module]) -> XcodeProjectWriter {
        let packageOf = Dictionary(modules.compactMap { module in module.package.map { (module.name, $0) } }) { first, _ in first }
        var targets: [XcodeProjectWriter.Target] = []
        for module in modules where module.package == nil {
            let products = Self.imports(in: module.files).sorted().compactMap { name in
                packageOf[name].map { (product: name, package: $0) }
            }
            targets.append(.init(
                name: module.name, productType: "application", directory: module.directory,
                files: module.files.map(\.0), packageProducts: products))
        }
        return XcodeProjectWriter(name: "App", targets: targets)
    }

    /// The worst case for project reading: the whole monorepo built by one Xcode project, each module a native
    /// target listing every file, with its imports of other modules as target dependencies.
    func monorepoProject(_ modules: [Module]) -> XcodeProjectWriter {
        let names = Set(modules.map(\.name))
        let targets = modules.map { module in
            XcodeProjectWriter.Target(
                name: module.name,
                productType: module.package == nil ? "application" : module.isTest ? "bundle.unit-test" : "framework",
                directory: module.directory, files: module.files.map(\.0),
                targetDependencies: Self.imports(in: module.files).sorted().filter { names.contains($0) && $0 != module.name })
        }
        return XcodeProjectWriter(name: "Monorepo", targets: targets)
    }

    /// The same monorepo as an XcodeGen spec: one target per module with its folder as `sources`.
    func monorepoSpec(_ modules: [Module]) -> String {
        let names = Set(modules.map(\.name))
        var lines = ["name: Monorepo", "options:", "  bundleIdPrefix: com.example", "targets:"]
        for module in modules {
            let type = module.package == nil ? "application" : module.isTest ? "bundle.unit-test" : "framework"
            lines += ["  \(module.name):", "    type: \(type)", "    platform: iOS", "    sources:",
                      "      - path: \(module.directory)", "        excludes: [\"**/*.generated.swift\"]"]
            let dependencies = Self.imports(in: module.files).sorted().filter { names.contains($0) && $0 != module.name }
            if !dependencies.isEmpty { lines += ["    dependencies:"] + dependencies.map { "      - target: \($0)" } }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Manifests

    /// Declared dependency pairs left out on purpose (planted `undeclared-import`/`cross-feature-import`).
    private func omittedDeclarations() -> Set<String> {
        // The layer-violating import of a feature interface from NetworkCore stays undeclared too.
        var omitted: Set<String> = ["LoggingCore→StorageCore"]
        if let target = plan.layerViolationTarget { omitted.insert("NetworkCore→\(plan.features[target].interface)") }
        let crossImporter = plan.features[plan.crossFeatureImporter]
        omitted.insert("\(crossImporter.module)→\(plan.features[(plan.crossFeatureImporter + 1) % plan.features.count].module)")
        omitted.insert("\(plan.features[plan.undeclaredImporter].module)→\(plan.coreModules.last!)")
        return omitted
    }

    private func manifests(for modules: [Module]) -> [(String, String)] {
        let packageOf = Dictionary(modules.compactMap { module in module.package.map { (module.name, $0) } }) { first, _ in first }
        let omitted = omittedDeclarations()
        // Planted `unused-dependency`: a feature declares a core module none of its files imports.
        let unusedHost = plan.features[min(2, plan.features.count - 1)]
        let unused = plan.coreModules.first { !unusedHost.coreDependencies.contains($0) }

        var byPackage: [String: [Module]] = [:]
        for module in modules {
            if let package = module.package { byPackage[package, default: []].append(module) }
        }
        return byPackage.keys.sorted().map { package in
            let members = byPackage[package]!
            var packageDependencies: Set<String> = []
            var targets: [String] = []
            for module in members {
                var dependencies: [String] = []
                var imported = Self.imports(in: module.files)
                if module.name == unusedHost.module, let unused { imported.insert(unused) }
                for name in imported.sorted() where !Self.systemModules.contains(name) && name != module.name {
                    if omitted.contains("\(module.name)→\(name)") { continue }
                    if let (product, externalPackage) = Self.externalProducts[name] {
                        dependencies.append(".product(name: \"\(product)\", package: \"\(externalPackage)\")")
                        packageDependencies.insert(externalPackage)
                    } else if let owner = packageOf[name] {
                        if owner == package {
                            dependencies.append("\"\(name)\"")
                        } else {
                            let identity = (owner as NSString).lastPathComponent
                            dependencies.append(".product(name: \"\(name)\", package: \"\(identity)\")")
                            packageDependencies.insert(owner)
                        }
                    }
                }
                let kind = module.isTest ? "testTarget" : "target"
                let relativePath = String(module.directory.dropFirst(package.count + 1))
                let list = dependencies.isEmpty ? "" : "\n            dependencies: [\n                \(dependencies.joined(separator: ",\n                "))\n            ],"
                targets.append(".\(kind)(\n            name: \"\(module.name)\",\(list)\n            path: \"\(relativePath)\"\n        )")
            }
            let products = members.filter { !$0.isTest }.map { ".library(name: \"\($0.name)\", targets: [\"\($0.name)\"])" }
            let dependencyLines = packageDependencies.sorted().map { dependency -> String in
                switch dependency {
                case "needle": return ".package(url: \"https://github.com/uber/needle.git\", from: \"0.25.0\")"
                case "RIBs-iOS": return ".package(url: \"https://github.com/uber/RIBs-iOS.git\", from: \"1.0.0\")"
                default: return ".package(path: \"\(relativePath(from: package, to: dependency))\")"
                }
            }
            let name = (package as NSString).lastPathComponent
            let isServices = package.hasSuffix("Services")
            let targetsExpression = isServices ? "serviceTargets + experimentalTargets()" : "[\n        \(targets.joined(separator: ",\n        "))\n    ]"
            var text = "// swift-tools-version: 5.9\nimport PackageDescription\n\n"
            if isServices {
                // Planted `manifest-unresolved`: a function call the static reader can't evaluate.
                text += "let serviceTargets: [Target] = [\n    \(targets.joined(separator: ",\n    "))\n]\n\n"
                text += "func experimentalTargets() -> [Target] {\n    Context.environment[\"EXPERIMENTS\"] == nil ? [] : [.target(name: \"Experiments\")]\n}\n\n"
            }
            text += """
                let package = Package(
                    name: "\(name)",
                    platforms: [.iOS(.v16), .macOS(.v13)],
                    products: [
                        \(products.joined(separator: ",\n        "))
                    ],
                    dependencies: [
                        \(dependencyLines.joined(separator: ",\n        "))
                    ],
                    targets: \(targetsExpression)
                )

                """
            return (package, text)
        }
    }

    /// Module names after `import` (with attributes and kinds) at the start of a line.
    static func imports(in files: [(String, String)]) -> Set<String> {
        var result: Set<String> = []
        for (_, text) in files {
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                if let name = line.split(separator: " ").last { result.insert(String(name)) }
            }
        }
        return result
    }

    private func relativePath(from package: String, to other: String) -> String {
        let from = package.split(separator: "/")
        let to = other.split(separator: "/")
        var common = 0
        while common < min(from.count, to.count) && from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }
}
