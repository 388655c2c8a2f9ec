

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

private class RootDependency3944cc797a4a88956fb5Provider: RootDependency {
    var mutablePlayersStream: MutablePlayersStream {
        return appComponent.mutablePlayersStream
    }
    private let appComponent: AppComponent
    init(appComponent: AppComponent) {
        self.appComponent = appComponent
    }
}
/// ^->AppComponent->RootComponent
private func factory264bfc4d4cb6b0629b40f47b58f8f304c97af4d5(_ component: NeedleFoundation.Scope) -> AnyObject {
    return RootDependency3944cc797a4a88956fb5Provider(appComponent: parent1(component) as! AppComponent)
}
private class LoggedOutDependency615895bced3f6b602f11Provider: LoggedOutDependency {
    var mutablePlayersStream: MutablePlayersStream {
        return appComponent.mutablePlayersStream
    }
    private let appComponent: AppComponent
    init(appComponent: AppComponent) {
        self.appComponent = appComponent
    }
}
/// ^->AppComponent->RootComponent->LoggedOutComponent
private func factoryc125b11bdbe1d39f7350b7304b634b3e62c64b3c(_ component: NeedleFoundation.Scope) -> AnyObject {
    return LoggedOutDependency615895bced3f6b602f11Provider(appComponent: parent2(component) as! AppComponent)
}
private class GameDependencyfd14525f0ab9c9d5cf52Provider: GameDependency {
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
private func factorye0da650b435145df3ed86cd03d3cf415b70dfb0e(_ component: NeedleFoundation.Scope) -> AnyObject {
    return GameDependencyfd14525f0ab9c9d5cf52Provider(loggedInComponent: parent1(component) as! LoggedInComponent, rootComponent: parent2(component) as! RootComponent)
}

#else
extension RootComponent: NeedleFoundation.Registration {
    public func registerItems() {
        keyPathToName[\RootDependency.mutablePlayersStream] = "mutablePlayersStream-MutablePlayersStream"
        localTable["playersStream-PlayersStream"] = { [unowned self] in self.playersStream as Any }
    }
}
extension LoggedOutComponent: NeedleFoundation.Registration {
    public func registerItems() {
        keyPathToName[\LoggedOutDependency.mutablePlayersStream] = "mutablePlayersStream-MutablePlayersStream"
    }
}
extension GameComponent: NeedleFoundation.Registration {
    public func registerItems() {
        keyPathToName[\GameDependency.mutableScoreStream] = "mutableScoreStream-MutableScoreStream"
        keyPathToName[\GameDependency.playersStream] = "playersStream-PlayersStream"
    }
}
extension LoggedInComponent: NeedleFoundation.Registration {
    public func registerItems() {

        localTable["mutableScoreStream-MutableScoreStream"] = { [unowned self] in self.mutableScoreStream as Any }
        localTable["scoreStream-ScoreStream"] = { [unowned self] in self.scoreStream as Any }
        localTable["gameComponent-GameComponent"] = { [unowned self] in self.gameComponent as Any }
    }
}
extension AppComponent: NeedleFoundation.Registration {
    public func registerItems() {

        localTable["mutablePlayersStream-MutablePlayersStream"] = { [unowned self] in self.mutablePlayersStream as Any }
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
    registerProviderFactory("^->AppComponent->RootComponent", factory264bfc4d4cb6b0629b40f47b58f8f304c97af4d5)
    registerProviderFactory("^->AppComponent->RootComponent->LoggedOutComponent", factoryc125b11bdbe1d39f7350b7304b634b3e62c64b3c)
    registerProviderFactory("^->AppComponent->RootComponent->LoggedInComponent->GameComponent", factorye0da650b435145df3ed86cd03d3cf415b70dfb0e)
    registerProviderFactory("^->AppComponent->RootComponent->LoggedInComponent", factoryEmptyDependencyProvider)
    registerProviderFactory("^->AppComponent", factoryEmptyDependencyProvider)
}
#endif

public func registerProviderFactories() {
#if !NEEDLE_DYNAMIC
    register1()
#endif
}
