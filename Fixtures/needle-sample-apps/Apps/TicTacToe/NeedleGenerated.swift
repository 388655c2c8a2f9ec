import Game
import LoggedIn
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

private func parent2(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {
    return component.parent.parent
}

// MARK: - Providers

#if !NEEDLE_DYNAMIC

private class RootDependency3c6f5b1d8e2a40f79c11Provider: RootDependency {
    var mutablePlayersStream: MutablePlayersStream {
        return appComponent.mutablePlayersStream
    }
    private let appComponent: AppComponent
    init(appComponent: AppComponent) {
        self.appComponent = appComponent
    }
}
/// ^->AppComponent->RootComponent
private func factory8a1d0c44e6b25f9b3e7027d91e6c0a4f3b85e1d9(_ component: NeedleFoundation.Scope) -> AnyObject {
    return RootDependency3c6f5b1d8e2a40f79c11Provider(appComponent: parent1(component) as! AppComponent)
}
private class LoggedOutDependency5e0b9a7c21d34f8e6a2bProvider: LoggedOutDependency {
    var mutablePlayersStream: MutablePlayersStream {
        return appComponent.mutablePlayersStream
    }
    private let appComponent: AppComponent
    init(appComponent: AppComponent) {
        self.appComponent = appComponent
    }
}
/// ^->AppComponent->RootComponent->LoggedOutComponent
private func factoryd27c5e0a9b13f4e86c2a61f08b3d7e9c2a4150f6(_ component: NeedleFoundation.Scope) -> AnyObject {
    return LoggedOutDependency5e0b9a7c21d34f8e6a2bProvider(appComponent: parent2(component) as! AppComponent)
}
private class GameDependency0f4e7d2b9c8a15e36b74Provider: GameDependency {
    var mutableScoreStream: MutableScoreStream {
        return loggedInComponent.mutableScoreStream
    }
    var playersStream: PlayersStream {
        return rootComponent.playersStream
    }
    private let loggedInComponent: LoggedInComponent
    private let rootComponent: RootComponent
    init(loggedInComponent: LoggedInComponent, rootComponent: RootComponent) {
        self.loggedInComponent = loggedInComponent
        self.rootComponent = rootComponent
    }
}
/// ^->AppComponent->RootComponent->LoggedInComponent->GameComponent
private func factory6b93e1f0c7d2a5488e1f9a0e7c35d2b1f4086c2e(_ component: NeedleFoundation.Scope) -> AnyObject {
    return GameDependency0f4e7d2b9c8a15e36b74Provider(loggedInComponent: parent1(component) as! LoggedInComponent, rootComponent: parent2(component) as! RootComponent)
}

#else
extension AppComponent: Registration {
    public func registerItems() {

        localTable["mutablePlayersStream-MutablePlayersStream"] = { [unowned self] in self.mutablePlayersStream as Any }
    }
}
extension RootComponent: Registration {
    public func registerItems() {
        keyPathToName[\RootDependency.mutablePlayersStream] = "mutablePlayersStream-MutablePlayersStream"
        localTable["playersStream-PlayersStream"] = { [unowned self] in self.playersStream as Any }
    }
}
extension LoggedOutComponent: Registration {
    public func registerItems() {
        keyPathToName[\LoggedOutDependency.mutablePlayersStream] = "mutablePlayersStream-MutablePlayersStream"
    }
}
extension LoggedInComponent: Registration {
    public func registerItems() {

        localTable["mutableScoreStream-MutableScoreStream"] = { [unowned self] in self.mutableScoreStream as Any }
        localTable["scoreStream-ScoreStream"] = { [unowned self] in self.scoreStream as Any }
    }
}
extension GameComponent: Registration {
    public func registerItems() {
        keyPathToName[\GameDependency.mutableScoreStream] = "mutableScoreStream-MutableScoreStream"
        keyPathToName[\GameDependency.playersStream] = "playersStream-PlayersStream"
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
    registerProviderFactory("^->AppComponent->RootComponent", factory8a1d0c44e6b25f9b3e7027d91e6c0a4f3b85e1d9)
    registerProviderFactory("^->AppComponent->RootComponent->LoggedOutComponent", factoryd27c5e0a9b13f4e86c2a61f08b3d7e9c2a4150f6)
    registerProviderFactory("^->AppComponent->RootComponent->LoggedInComponent->GameComponent", factory6b93e1f0c7d2a5488e1f9a0e7c35d2b1f4086c2e)
    registerProviderFactory("^->AppComponent->RootComponent->LoggedInComponent", factoryEmptyDependencyProvider)
    registerProviderFactory("^->AppComponent", factoryEmptyDependencyProvider)
}
#endif

public func registerProviderFactories() {
#if !NEEDLE_DYNAMIC
    register1()
#endif
}
