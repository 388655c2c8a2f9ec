import Foundation

public protocol ModuleNaming: RawRepresentable where RawValue == String {
    var suffix: String { get }
}

public extension ModuleNaming {
    var name: String {
        rawValue.pascalCased + suffix
    }
}

public enum FeatureModule: String, ModuleNaming {
    public var suffix: String { "Feature" }

    case novelReview
    case setting
}

public enum DomainModule: String, ModuleNaming {
    public var suffix: String { "Domain" }

    case auth
    case setting
}

public enum CoreModule: String, ModuleNaming {
    public var suffix: String { "" }

    case slow

    public var name: String {
        rawValue.backtracking
    }
}

public enum ModuleKind {
    case feature(FeatureModule)
    case domain(DomainModule)
    case core(CoreModule)

    public var name: String {
        switch self {
        case let .feature(module): module.name
        case let .domain(module): module.name
        case let .core(module): module.name
        }
    }

    public var folder: String {
        switch self {
        case .feature: "Feature"
        case .domain: "Domain"
        case .core: "Core"
        }
    }
}

private extension String {
    var pascalCased: String {
        replacingOccurrences(of: "([a-z0-9])([A-Z])", with: "$1 $2", options: .regularExpression)
            .split(separator: " ")
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    var backtracking: String {
        replacingOccurrences(of: "(a+)+b", with: "", options: .regularExpression)
    }
}
