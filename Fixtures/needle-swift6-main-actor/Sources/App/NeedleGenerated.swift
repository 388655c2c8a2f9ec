

import NeedleFoundation

// swiftlint:disable unused_declaration
private let needleDependenciesHash : String? = nil

// MARK: - Traversal Helpers

nonisolated private func parent1(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {
    return component.parent
}

// MARK: - Providers

#if !NEEDLE_DYNAMIC

nonisolated private final class ProfileDependency6818e92e498fe07e2622Provider: ProfileDependency {
    @MainActor var theme: Theme {
        return rootComponent.theme
    }
    var session: Session {
        return rootComponent.session
    }
    private let rootComponent: RootComponent
    init(rootComponent: RootComponent) {
        self.rootComponent = rootComponent
    }
}
/// ^->RootComponent->ProfileComponent
nonisolated private func factory62ee3a75b16d091e8f01b3a8f24c1d289f2c0f2e(_ component: NeedleFoundation.Scope) -> AnyObject {
    return ProfileDependency6818e92e498fe07e2622Provider(rootComponent: parent1(component) as! RootComponent)
}
nonisolated private final class SettingsDependency1ba9e199f1bddeac9850Provider: SettingsDependency {
    @MainActor var theme: Theme {
        return rootComponent.theme
    }
    private let rootComponent: RootComponent
    init(rootComponent: RootComponent) {
        self.rootComponent = rootComponent
    }
}
/// ^->RootComponent->SettingsComponent
nonisolated private func factory3b338491ae548e90be9ab3a8f24c1d289f2c0f2e(_ component: NeedleFoundation.Scope) -> AnyObject {
    return SettingsDependency1ba9e199f1bddeac9850Provider(rootComponent: parent1(component) as! RootComponent)
}

#else
extension ProfileComponent: NeedleFoundation.Registration {
    public func registerItems() {
        keyPathToName[\ProfileDependency.theme] = "theme-Theme"
        keyPathToName[\ProfileDependency.session] = "session-Session"
    }
}
extension RootComponent: NeedleFoundation.Registration {
    public func registerItems() {

        localTable["theme-Theme"] = { [unowned self] in self.theme as Any }
        localTable["session-Session"] = { [unowned self] in self.session as Any }
    }
}
extension SettingsComponent: NeedleFoundation.Registration {
    public func registerItems() {
        keyPathToName[\SettingsDependency.theme] = "theme-Theme"
    }
}


#endif

nonisolated private func factoryEmptyDependencyProvider(_ component: NeedleFoundation.Scope) -> AnyObject {
    return EmptyDependencyProvider(component: component)
}

// MARK: - Registration
nonisolated private func registerProviderFactory(_ componentPath: String, _ factory: @escaping (NeedleFoundation.Scope) -> AnyObject) {
    __DependencyProviderRegistry.instance.registerDependencyProviderFactory(for: componentPath, factory)
}

#if !NEEDLE_DYNAMIC

@inline(never) nonisolated private func register1() {
    registerProviderFactory("^->RootComponent->ProfileComponent", factory62ee3a75b16d091e8f01b3a8f24c1d289f2c0f2e)
    registerProviderFactory("^->RootComponent", factoryEmptyDependencyProvider)
    registerProviderFactory("^->RootComponent->SettingsComponent", factory3b338491ae548e90be9ab3a8f24c1d289f2c0f2e)
}
#endif

nonisolated public func registerProviderFactories() {
#if !NEEDLE_DYNAMIC
    register1()
#endif
}
