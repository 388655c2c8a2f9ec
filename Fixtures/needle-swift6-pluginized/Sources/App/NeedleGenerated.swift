

import NeedleFoundation

// swiftlint:disable unused_declaration
private let needleDependenciesHash : String? = "f65e379c8c6f8203714bbbc06932e1c9"

// MARK: - Traversal Helpers

nonisolated private func parent1(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {
    return component.parent
}

// MARK: - Providers

#if !NEEDLE_DYNAMIC

nonisolated private final class ProfileDependency4cc271841924c9954b12Provider: ProfileDependency {
    var featureFlags: FeatureFlags {
        return loggedInComponent.pluginExtension.featureFlags
    }
    var session: Session {
        return loggedInComponent.session
    }
    private let loggedInComponent: LoggedInComponent
    init(loggedInComponent: LoggedInComponent) {
        self.loggedInComponent = loggedInComponent
    }
}
/// ^->RootComponent->LoggedInComponent->ProfileComponent
nonisolated private func factorya2f130585b8be17d3e080b20504d5a9e5588d7b3(_ component: NeedleFoundation.Scope) -> AnyObject {
    return ProfileDependency4cc271841924c9954b12Provider(loggedInComponent: parent1(component) as! LoggedInComponent)
}
nonisolated private final class LoggedInDependency637c07bfce1b5ccf0a6eProvider: LoggedInDependency {
    var session: Session {
        return rootComponent.session
    }
    private let rootComponent: RootComponent
    init(rootComponent: RootComponent) {
        self.rootComponent = rootComponent
    }
}
/// ^->RootComponent->LoggedInComponent
nonisolated private func factory2d08e87342cecea575b3b3a8f24c1d289f2c0f2e(_ component: NeedleFoundation.Scope) -> AnyObject {
    return LoggedInDependency637c07bfce1b5ccf0a6eProvider(rootComponent: parent1(component) as! RootComponent)
}
/// LoggedInComponent plugin extension
nonisolated private final class LoggedInPluginExtensionProvider: LoggedInPluginExtension {
    var featureFlags: FeatureFlags {
        return loggedInNonCoreComponent.featureFlags
    }
    private unowned let loggedInNonCoreComponent: LoggedInNonCoreComponent
    init(component: NeedleFoundation.Scope) {
        let loggedInComponent = component as! LoggedInComponent
        loggedInNonCoreComponent = loggedInComponent.nonCoreComponent as! LoggedInNonCoreComponent
    }
}

#else
extension ProfileComponent: NeedleFoundation.Registration {
    public func registerItems() {
        keyPathToName[\ProfileDependency.featureFlags] = "featureFlags-FeatureFlags"
        keyPathToName[\ProfileDependency.session] = "session-Session"
    }
}
extension RootComponent: NeedleFoundation.Registration {
    public func registerItems() {

        localTable["session-Session"] = { [unowned self] in self.session as Any }
    }
}
extension LoggedInNonCoreComponent: NeedleFoundation.Registration {
    public func registerItems() {

        localTable["featureFlags-FeatureFlags"] = { [unowned self] in self.featureFlags as Any }
    }
}
extension LoggedInComponent: NeedleFoundation.Registration {
    public func registerItems() {
        keyPathToName[\LoggedInDependency.session] = "session-Session"
        localTable["session-Session"] = { [unowned self] in self.session as Any }
    }
}
/// LoggedInComponent plugin extension
extension LoggedInComponent: NeedleFoundation.ExtensionRegistration {
    public func registerExtensionItems() {
        extensionToName[\LoggedInPluginExtension.featureFlags] = "featureFlags-FeatureFlags"
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
    registerProviderFactory("^->RootComponent->LoggedInComponent->ProfileComponent", factorya2f130585b8be17d3e080b20504d5a9e5588d7b3)
    registerProviderFactory("^->RootComponent", factoryEmptyDependencyProvider)
    registerProviderFactory("^->RootComponent->LoggedInComponent->LoggedInNonCoreComponent", factoryEmptyDependencyProvider)
    registerProviderFactory("^->RootComponent->LoggedInComponent", factory2d08e87342cecea575b3b3a8f24c1d289f2c0f2e)
    __PluginExtensionProviderRegistry.instance.registerPluginExtensionProviderFactory(for: "LoggedInComponent") { component in
        return LoggedInPluginExtensionProvider(component: component)
    }
}
#endif

nonisolated public func registerProviderFactories() {
#if !NEEDLE_DYNAMIC
    register1()
#endif
}
