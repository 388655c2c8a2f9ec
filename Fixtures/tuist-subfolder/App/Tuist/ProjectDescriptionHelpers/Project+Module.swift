import ProjectDescription

public extension TargetDependency {
    static func feature(_ name: String) -> TargetDependency {
        .project(target: name, path: .relativeToRoot("Features/\(name)"))
    }
}

public extension Project {
    static func module(_ name: String, product: Product = .framework, dependencies: [TargetDependency] = []) -> Project {
        Project(name: name, targets: [
            .target(name: name, destinations: .iOS, product: product, bundleId: "shop.\(name)",
                    sources: ["Sources/**"], dependencies: dependencies),
            .target(name: "\(name)Tests", destinations: .iOS, product: .unitTests, bundleId: "shop.\(name)Tests",
                    sources: ["Tests/**"], dependencies: [.target(name: name)]),
        ])
    }
}
