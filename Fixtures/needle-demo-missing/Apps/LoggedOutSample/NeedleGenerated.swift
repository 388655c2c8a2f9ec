import LoggedOut
import NeedleFoundation
import Streams
import UIKit

// swiftlint:disable unused_declaration
private let needleDependenciesHash : String? = nil

// MARK: - Traversal Helpers

private func parent1(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {
    return component.parent
}

// MARK: - Providers

#if !NEEDLE_DYNAMIC

private class LoggedOutDependency5e0b9a7c21d34f8e6a2bProvider: LoggedOutDependency {
    var mutablePlayersStream: MutablePlayersStream {
        return appComponent.mutablePlayersStream
    }
    private let appComponent: AppComponent
    init(appComponent: AppComponent) {
        self.appComponent = appComponent
    }
}
/// ^->AppComponent->LoggedOutComponent
private func factory47b1c9e2d05a3f6e8b1d1f2e9c4a7b30d6e58f21(_ component: NeedleFoundation.Scope) -> AnyObject {
    return LoggedOutDependency5e0b9a7c21d34f8e6a2bProvider(appComponent: parent1(component) as! AppComponent)
}

#else
extension AppComponent: Registration {
    public func registerItems() {

        localTable["mutablePlayersStream-MutablePlayersStream"] = { [unowned self] in self.mutablePlayersStream as Any }
    }
}
extension RootComponent: Registration {
    public func registerItems() {

        localTable["title-String"] = { [unowned self] in self.title as Any }
    }
}
extension LoggedOutComponent: Registration {
    public func registerItems() {
        keyPathToName[\LoggedOutDependency.mutablePlayersStream] = "mutablePlayersStream-MutablePlayersStream"
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
    registerProviderFactory("^->AppComponent->LoggedOutComponent", factory47b1c9e2d05a3f6e8b1d1f2e9c4a7b30d6e58f21)
    registerProviderFactory("^->AppComponent->RootComponent", factoryEmptyDependencyProvider)
    registerProviderFactory("^->AppComponent", factoryEmptyDependencyProvider)
}
#endif

public func registerProviderFactories() {
#if !NEEDLE_DYNAMIC
    register1()
#endif
}
