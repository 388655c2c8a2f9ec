import ArchlintTestSupport
import Foundation

/// A synthetic app monorepo shaped like the one graphviz crashed on (226 modules, 1,149 edges): local
/// packages of app, feature, interface, core and kit targets (one cluster per package in the graph), test
/// targets, system frameworks and package products as externals, and a share of undeclared and
/// cross-feature imports, so many edges carry a violation label (what dot's flat-edge code trips over).
/// Seeded: the same size gives the same tree.
struct GeneratedMonorepo {
    var modules: Int
    var edges: Int
    var seed: UInt64 = 7

    static let levels = ["App", "Feature", "Interface", "Core", "Kit"]
    static let systemFrameworks = ["Foundation", "UIKit", "SwiftUI", "Combine", "CoreData", "AVFoundation"]
    static let packageProducts = [("lottie-spm", "Lottie"), ("swift-collections", "Collections"), ("Kingfisher", "Kingfisher")]

    private struct Target {
        var name: String
        var package: Int
        var level: Int
        var isTest: Bool
        var imports: [Int] = []
        var externals: [String] = []
    }

    /// Writes the tree under `root` (created) and returns how many import edges it has between modules.
    @discardableResult
    func write(to root: URL) throws -> Int {
        var random = SplitMix64(seed: seed)
        let packageCount = max(4, modules / 20)
        var targets: [Target] = []
        for index in 0..<modules {
            let isTest = index % 6 == 5
            let level = isTest ? 4 : min(Self.levels.count - 1, index * Self.levels.count / modules)
            let name = isTest ? "Module\(index)Tests" : "Module\(index)\(Self.levels[level])"
            targets.append(Target(name: name, package: index % packageCount, level: level, isTest: isTest))
        }
        var pairs = Set<[Int]>()
        var guardCount = 0
        while pairs.count < edges && guardCount < edges * 50 {
            guardCount += 1
            let from = Int(random.next() % UInt64(modules))
            let to = Int(random.next() % UInt64(modules))
            guard from != to, !targets[to].isTest else { continue }
            // Downwards or sideways to a later module (a layered app), and rarely back (a few small cycles).
            let forward = targets[to].level > targets[from].level || (targets[to].level == targets[from].level && to > from)
            if !forward && random.next() % 400 != 0 { continue }
            pairs.insert([from, to])
        }
        for pair in pairs.sorted(by: { $0.lexicographicallyPrecedes($1) }) { targets[pair[0]].imports.append(pair[1]) }
        for index in targets.indices {
            targets[index].externals = [Self.systemFrameworks[Int(random.next() % UInt64(Self.systemFrameworks.count))]]
            if random.next() % 5 == 0 {
                targets[index].externals.append(Self.packageProducts[Int(random.next() % UInt64(Self.packageProducts.count))].1)
            }
        }
        for package in 0..<packageCount {
            let members = targets.indices.filter { targets[$0].package == package }
            try writePackage(package, members: members, targets: targets, random: &random, root: root)
        }
        return pairs.count
    }

    private func writePackage(_ package: Int, members: [Int], targets: [Target], random: inout SplitMix64, root: URL) throws {
        let directory = root.appendingPathComponent("Package\(package)")
        var dependencies = Set(members.flatMap { targets[$0].imports.map { targets[$0].package } }).subtracting([package])
            .sorted().map { ".package(path: \"../Package\($0)\")" }
        dependencies += Self.packageProducts.map { ".package(url: \"https://github.com/example/\($0.0)\", from: \"1.0.0\")" }
        var products: [String] = []
        var targetLines: [String] = []
        for index in members {
            let target = targets[index]
            var declared: [String] = []
            for imported in target.imports where random.next() % 8 != 0 {  // one in 8 stays undeclared
                let other = targets[imported]
                declared.append(other.package == package
                    ? "\"\(other.name)\"" : ".product(name: \"\(other.name)\", package: \"Package\(other.package)\")")
            }
            for external in target.externals {
                if let product = Self.packageProducts.first(where: { $0.1 == external }) {
                    declared.append(".product(name: \"\(external)\", package: \"\(product.0)\")")
                }
            }
            let kind = target.isTest ? "testTarget" : (target.level == 0 ? "executableTarget" : "target")
            targetLines.append("        .\(kind)(name: \"\(target.name)\", dependencies: [\(declared.joined(separator: ", "))]),")
            if !target.isTest && target.level > 0 {
                products.append("        .library(name: \"\(target.name)\", targets: [\"\(target.name)\"]),")
            }
            let folder = directory.appendingPathComponent(target.isTest ? "Tests" : "Sources").appendingPathComponent(target.name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let imports = (target.externals + target.imports.map { targets[$0].name }).map { "import \($0)" }
            let source = imports.joined(separator: "\n") + "\n\npublic struct \(target.name)Marker {}\n"
            try Data(source.utf8).write(to: folder.appendingPathComponent("\(target.name).swift"))
        }
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Package\(package)",
                products: [
            \(products.joined(separator: "\n"))
                ],
                dependencies: [
            \(dependencies.map { "        \($0)," }.joined(separator: "\n"))
                ],
                targets: [
            \(targetLines.joined(separator: "\n"))
                ]
            )

            """
        try Data(manifest.utf8).write(to: directory.appendingPathComponent("Package.swift"))
    }
}
