/// Builds the small Package.swift files the module rules' examples use.
enum ModuleRuleExamples {
    /// A manifest with one line per target: `.target(name: "A", dependencies: [<dependencies>])`.
    /// Dependencies are written verbatim (`"\"B\""`, `".product(name: \"X\", package: \"x\")"`), so they may carry `↓`.
    static func manifest(
        name: String = "App",
        dependencies: [String] = [],
        targets: [(name: String, dependencies: [String])],
        testTargets: [(name: String, dependencies: [String])] = []
    ) -> String {
        var lines = [
            "// swift-tools-version: 5.9",
            "import PackageDescription",
            "",
            "let package = Package(",
            "    name: \"\(name)\",",
        ]
        if !dependencies.isEmpty {
            lines.append("    dependencies: [")
            lines += dependencies.map { "        \($0)," }
            lines.append("    ],")
        }
        lines.append("    targets: [")
        lines += targets.map { target($0.name, kind: "target", $0.dependencies) }
        lines += testTargets.map { target($0.name, kind: "testTarget", $0.dependencies) }
        lines += ["    ]", ")", ""]
        return lines.joined(separator: "\n")
    }

    /// Two features each as an interface `X` beside its implementation `XImpl` (Tuist's "inverted dual target"),
    /// in `Features/X/Interface` and `Features/X/Implement`; `ShopImpl` depends on what is given, verbatim.
    static func dualTargetManifest(shopImplDependencies: String) -> String {
        """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(
            name: "App",
            targets: [
                .target(name: "Home", path: "Features/Home/Interface"),
                .target(name: "HomeImpl", dependencies: ["Home"], path: "Features/Home/Implement"),
                .target(name: "Shop", path: "Features/Shop/Interface"),
                .target(name: "ShopImpl", dependencies: [\(shopImplDependencies)], path: "Features/Shop/Implement"),
            ]
        )

        """
    }

    private static func target(_ name: String, kind: String, _ dependencies: [String]) -> String {
        "        .\(kind)(name: \"\(name)\", dependencies: [\(dependencies.joined(separator: ", "))]),"
    }

    /// A small XcodeGen `project.yml`: one line per dependency, written verbatim under `dependencies:` as
    /// `target: Core`, `package: CorePackage\n        product: Networking` or `sdk: Contacts.framework` (they may
    /// carry `↓`). `packages` are local package folders.
    static func xcodegenSpec(
        packages: [String] = [],
        targets: [(name: String, type: String, sources: String, dependencies: [String])]
    ) -> String {
        var lines = ["name: App"]
        if !packages.isEmpty {
            lines.append("packages:")
            for package in packages { lines += ["  \(package):", "    path: \(package)"] }
        }
        lines.append("targets:")
        for target in targets {
            lines += ["  \(target.name):", "    type: \(target.type)", "    platform: iOS", "    sources: [\(target.sources)]"]
            if !target.dependencies.isEmpty {
                lines.append("    dependencies:")
                lines += target.dependencies.map { "      - \($0)" }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A package named `name` with one library product `product` of the first target, and `targets`.
    static func package(_ name: String, product: String, targets: [(name: String, dependencies: [String])]) -> String {
        manifest(name: name, targets: targets).replacing(
            "    targets: [", with: "    products: [.library(name: \"\(product)\", targets: [\"\(targets[0].name)\"])],\n    targets: [")
    }

    /// A package with one library product of the same-named target.
    static func packageWithProduct(_ name: String) -> String {
        manifest(name: "CorePackage", targets: [(name, [])]).replacing(
            "    targets: [", with: "    products: [.library(name: \"\(name)\", targets: [\"\(name)\"])],\n    targets: [")
    }
}
