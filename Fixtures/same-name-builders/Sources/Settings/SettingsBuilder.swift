import LegacyProfile
import RIBs

public protocol SettingsDependency: Dependency {
    var session: String { get }
}

final class SettingsComponent: Component<SettingsDependency> {
    var session: String { dependency.session }
}

public final class SettingsBuilder: Builder<SettingsDependency> {
    public func build() -> ViewableRouting {
        let component = SettingsComponent(dependency: dependency)
        let profile = ProfileHomeBuilder(dependency: component)
        return SettingsRouter(profile: profile)
    }
}
