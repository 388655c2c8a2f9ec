import ProjectDescription

/// Shadows ProjectDescription's `Environment`.
public enum Environment {
    public static let appName = "Shop"
}

public enum Module: String, CaseIterable {
    case utils = "Utils"
    case repository = "Repository"

    public var project: TargetDependency {
        .project(target: rawValue, path: .relativeToRoot("Projects/\(rawValue)"))
    }
}

public enum ExternalDependency: String, CaseIterable {
    case rxSwift = "RxSwift"
    case snapKit = "SnapKit"
    case quick = "Quick"

    public var isCoreDependency: Bool { self != .quick }
    public var dependency: TargetDependency { .external(name: rawValue) }
}

public extension Project {
    static func framework(_ name: String, dependencies: [TargetDependency] = []) -> Project {
        Project(name: name, targets: [
            .target(name: name, destinations: .iOS, product: .framework, bundleId: "shop.\(name)",
                    sources: ["Sources/**"], dependencies: dependencies),
        ])
    }
}
