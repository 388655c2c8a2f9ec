import ProjectDescription

public enum ModulePaths {}

public extension ModulePaths {
    enum Feature: String, CaseIterable, MicroTargetPathConvertable {
        case HomeFeature
        case SignupFeature
    }

    enum Domain: String, CaseIterable, MicroTargetPathConvertable {
        case AuthDomain
    }

    enum Core: String, CaseIterable, MicroTargetPathConvertable {
        case DesignSystem
        case Networking
    }
}

public enum MicroTargetType: String {
    case interface = "Interface"
    case sources = ""
    case testing = "Testing"
    case unitTest = "Tests"
    case demo = "Demo"
}

public protocol MicroTargetPathConvertable {
    func targetName(type: MicroTargetType) -> String
}

public extension MicroTargetPathConvertable where Self: RawRepresentable {
    func targetName(type: MicroTargetType) -> String {
        "\(self.rawValue)\(type.rawValue)"
    }
}
