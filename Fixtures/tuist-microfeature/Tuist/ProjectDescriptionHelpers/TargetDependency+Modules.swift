import ModulePathsPlugin
import ProjectDescription

public extension TargetDependency {
    static func feature(_ module: ModulePaths.Feature, type: MicroTargetType = .sources) -> TargetDependency {
        .project(target: module.targetName(type: type), path: .relativeToFeature(module.rawValue))
    }

    static func domain(_ module: ModulePaths.Domain, type: MicroTargetType = .sources) -> TargetDependency {
        .project(target: module.targetName(type: type), path: .relativeToDomain(module.rawValue))
    }

    static func core(_ module: ModulePaths.Core, type: MicroTargetType = .sources) -> TargetDependency {
        .project(target: module.targetName(type: type), path: .relativeToCore(module.rawValue))
    }
}

public extension TargetDependency {
    struct SPM {}
}

public extension TargetDependency.SPM {
    static let needle = TargetDependency.external(name: "NeedleFoundation")
    static let alamofire = TargetDependency.external(name: "Alamofire")
}
