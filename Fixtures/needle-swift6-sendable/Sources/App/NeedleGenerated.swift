

import NeedleFoundation

// swiftlint:disable unused_declaration
private let needleDependenciesHash : String? = nil

// MARK: - Traversal Helpers

nonisolated private func parent1(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {
    return component.parent
}

// MARK: - Providers

#if !NEEDLE_DYNAMIC

nonisolated private final class FeedDependencydb8fd4a3ca682ca00545Provider: FeedDependency, @unchecked Sendable {
    var apiClient: APIClient {
        return rootComponent.apiClient
    }
    private let rootComponent: RootComponent
    init(rootComponent: RootComponent) {
        self.rootComponent = rootComponent
    }
}
/// ^->RootComponent->FeedComponent
nonisolated private func factoryf07cb8851eb6a3c4d79ab3a8f24c1d289f2c0f2e(_ component: NeedleFoundation.Scope) -> AnyObject {
    return FeedDependencydb8fd4a3ca682ca00545Provider(rootComponent: parent1(component) as! RootComponent)
}

#else
extension FeedComponent: NeedleFoundation.Registration {
    public func registerItems() {
        keyPathToName[\FeedDependency.apiClient] = "apiClient-APIClient"
    }
}
extension RootComponent: NeedleFoundation.Registration {
    public func registerItems() {

        localTable["apiClient-APIClient"] = { [unowned self] in self.apiClient as Any }
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
    registerProviderFactory("^->RootComponent->FeedComponent", factoryf07cb8851eb6a3c4d79ab3a8f24c1d289f2c0f2e)
    registerProviderFactory("^->RootComponent", factoryEmptyDependencyProvider)
}
#endif

nonisolated public func registerProviderFactories() {
#if !NEEDLE_DYNAMIC
    register1()
#endif
}
