import ProjectDescription

let bundlePrefix = "com.example.shop"

public extension SourceFilesList {
    static let sources: SourceFilesList = ["Sources/**"]
    static let interface: SourceFilesList = ["Interface/**"]
}

public extension Project {
    static func makeModule(
        name: String,
        product: Product = .staticLibrary,
        targets: Set<MicroTarget> = [],
        externalDependencies: [TargetDependency] = [],
        internalDependencies: [TargetDependency] = [],
        interfaceDependencies: [TargetDependency] = [],
        testingDependencies: [TargetDependency] = []
    ) -> Project {
        var allTargets: [Target] = []
        var sourceDependencies = internalDependencies + externalDependencies

        if targets.contains(.interface) {
            allTargets.append(Target(
                name: "\(name)Interface",
                platform: .iOS,
                product: .framework,
                bundleId: "\(bundlePrefix).\(name)Interface",
                sources: .interface,
                dependencies: interfaceDependencies
            ))
            sourceDependencies.append(.target(name: "\(name)Interface"))
        }

        allTargets.append(Target(
            name: name,
            platform: .iOS,
            product: product,
            bundleId: "\(bundlePrefix).\(name)",
            sources: .sources,
            dependencies: sourceDependencies
        ))

        if targets.contains(.testing) {
            let testingDependencies = targets.contains(.interface)
                ? testingDependencies + [.target(name: "\(name)Interface")]
                : testingDependencies
            allTargets.append(Target(
                name: "\(name)Testing",
                platform: .iOS,
                product: .framework,
                bundleId: "\(bundlePrefix).\(name)Testing",
                sources: ["Testing/**"],
                dependencies: testingDependencies
            ))
        }

        if targets.contains(.unitTest) {
            var testDependencies: [TargetDependency] = [.target(name: name)]
            if targets.contains(.testing) {
                testDependencies.append(.target(name: "\(name)Testing"))
            }
            allTargets.append(Target(
                name: "\(name)Tests",
                platform: .iOS,
                product: .unitTests,
                bundleId: "\(bundlePrefix).\(name)Tests",
                sources: ["Tests/**"],
                dependencies: testDependencies
            ))
        }

        if targets.contains(.demo) {
            allTargets.append(demoTarget(for: name))
        }

        return Project(name: name, targets: allTargets)
    }

    private static func demoTarget(for name: String) -> Target {
        Target(
            name: "\(name)Demo",
            platform: .iOS,
            product: .app,
            bundleId: "\(bundlePrefix).\(name)Demo",
            sources: ["Demo/Sources/**"],
            dependencies: [.target(name: name)]
        )
    }
}
