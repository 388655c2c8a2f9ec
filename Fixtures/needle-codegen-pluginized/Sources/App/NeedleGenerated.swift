

import NeedleFoundation

// swiftlint:disable unused_declaration
private let needleDependenciesHash : String? = "42c618f3df1b83388f65b05cd5b21441"

// MARK: - Traversal Helpers

private func parent1(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {
    return component.parent
}

private func parent2(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {
    return component.parent.parent
}

// MARK: - Providers

#if !NEEDLE_DYNAMIC

private class ProfileDependency4cc271841924c9954b12Provider: ProfileDependency {
    var featureFlags: FeatureFlags {
        return loggedInComponent.pluginExtension.featureFlags
    }
    private let loggedInComponent: LoggedInComponent
    init(loggedInComponent: LoggedInComponent) {
        self.loggedInComponent = loggedInComponent
    }
}
/// ^->RootComponent->LoggedInComponent->ProfileComponent
private func factorya2f130585b8be17d3e080b20504d5a9e5588d7b3(_ component: NeedleFoundation.Scope) -> AnyObject {
    return ProfileDependency4cc271841924c9954b12Provider(loggedInComponent: parent1(component) as! LoggedInComponent)
}
private class HistoryDependency5872efbefa9f1c2a1600Provider: HistoryDependency {
    var session: Session {
        return loggedInComponent.session
    }
    private let loggedInComponent: LoggedInComponent
    init(loggedInComponent: LoggedInComponent) {
        self.loggedInComponent = loggedInComponent
    }
}
/// ^->RootComponent->LoggedInComponent->LoggedInNonCoreComponent->HistoryComponent
private func factory657e438ac6a232c38e36c0d8c882e1e0d9b5eda1(_ component: NeedleFoundation.Scope) -> AnyObject {
    return HistoryDependency5872efbefa9f1c2a1600Provider(loggedInComponent: parent2(component) as! LoggedInComponent)
}
private class LoggedInDependency637c07bfce1b5ccf0a6eProvider: LoggedInDependency {
    var session: Session {
        return rootComponent.session
    }
    private let rootComponent: RootComponent
    init(rootComponent: RootComponent) {
        self.rootComponent = rootComponent
    }
}
/// ^->RootComponent->LoggedInComponent
private func factory2d08e87342cecea575b3b3a8f24c1d289f2c0f2e(_ component: NeedleFoundation.Scope) -> AnyObject {
    return LoggedInDependency637c07bfce1b5ccf0a6eProvider(rootComponent: parent1(component) as! RootComponent)
}
/// LoggedInComponent plugin extension
private class LoggedInPluginExtensionProvider: LoggedInPluginExtension {
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
    }
}
extension HistoryComponent: NeedleFoundation.Registration {
    public func registerItems() {
        keyPathToName[\HistoryDependency.session] = "session-Session"
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

private func factoryEmptyDependencyProvider(_ component: NeedleFoundation.Scope) -> AnyObject {
    return EmptyDependencyProvider(component: component)
}

// MARK: - Registration
private func registerProviderFactory(_ componentPath: String, _ factory: @escaping (NeedleFoundation.Scope) -> AnyObject) {
    __DependencyProviderRegistry.instance.registerDependencyProviderFactory(for: componentPath, factory)
}

#if !NEEDLE_DYNAMIC

@inline(never) private func register1() {
    registerProviderFactory("^->RootComponent->LoggedInComponent->ProfileComponent", factorya2f130585b8be17d3e080b20504d5a9e5588d7b3)
    registerProviderFactory("^->RootComponent->LoggedInComponent->LoggedInNonCoreComponent->HistoryComponent", factory657e438ac6a232c38e36c0d8c882e1e0d9b5eda1)
    registerProviderFactory("^->RootComponent", factoryEmptyDependencyProvider)
    registerProviderFactory("^->RootComponent->LoggedInComponent->LoggedInNonCoreComponent", factoryEmptyDependencyProvider)
    registerProviderFactory("^->RootComponent->LoggedInComponent", factory2d08e87342cecea575b3b3a8f24c1d289f2c0f2e)
    __PluginExtensionProviderRegistry.instance.registerPluginExtensionProviderFactory(for: "LoggedInComponent") { component in
        return LoggedInPluginExtensionProvider(component: component)
    }
}
#endif

public func registerProviderFactories() {
#if !NEEDLE_DYNAMIC
    register1()
#endif
}
