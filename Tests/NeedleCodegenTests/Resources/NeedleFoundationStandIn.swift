// A stand-in for NeedleFoundation 0.25.1, written for archlint's compile test (NeedleCompileTests): the public
// declarations generated code and components use, with the same signatures, isolation (none) and
// Sendable-ness (none), compiled as a module named NeedleFoundation in Swift 5 mode as needle's package
// builds it (`swiftLanguageVersions: [.v5]`). Bodies are minimal: the test type-checks, it doesn't run.
// Only the static build (without NEEDLE_DYNAMIC) is declared.

import Foundation

public protocol Dependency: AnyObject {}

public protocol Scope: AnyObject {
    var path: [String] { get }
    var parent: Scope { get }
}

public protocol EmptyDependency: AnyObject {}

public class EmptyDependencyProvider: EmptyDependency {
    public init(component: Scope) {}
}

@dynamicMemberLookup
open class Component<DependencyType>: Scope {
    public let parent: Scope
    public lazy var path: [String] = parent.path + [String(describing: type(of: self))]
    public private(set) var dependency: DependencyType!

    public init(parent: Scope) {
        self.parent = parent
        dependency = __DependencyProviderRegistry.instance.dependencyProvider(for: self) as? DependencyType
    }

    public final func shared<T>(__function: String = #function, _ factory: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let existing = (instances[__function] as? T?) ?? nil { return existing }
        let made = factory()
        instances[__function] = made
        return made
    }

    public subscript<T>(dynamicMember keyPath: KeyPath<DependencyType, T>) -> T {
        dependency[keyPath: keyPath]
    }

    private let lock = NSRecursiveLock()
    private var instances: [String: Any] = [:]
}

open class BootstrapComponent: Component<EmptyDependency> {
    public init() {
        super.init(parent: Root())
    }

    private final class Root: Scope {
        let path = ["^"]
        var parent: Scope { fatalError("the root scope has no parent") }
    }
}

public class __DependencyProviderRegistry {
    public static let instance = __DependencyProviderRegistry()

    public func registerDependencyProviderFactory(`for` componentPath: String, _ dependencyProviderFactory: @escaping (Scope) -> AnyObject) {
        factories[componentPath] = dependencyProviderFactory
    }

    public func unregisterDependencyProviderFactory(`for` componentPath: String) {
        factories[componentPath] = nil
    }

    public func dependencyProviderFactory(`for` componentPath: String) -> ((Scope) -> AnyObject)? {
        factories[componentPath]
    }

    func dependencyProvider(`for` component: Scope) -> AnyObject? {
        factories[component.path.joined(separator: "->")]?(component)
    }

    private var factories: [String: (Scope) -> AnyObject] = [:]
    private init() {}
}

// MARK: - Pluginized

public protocol NonCoreScope: AnyObject {
    init(parent: Scope)
    func scopeDidBecomeActive()
    func scopeDidBecomeInactive()
}

open class NonCoreComponent<DependencyType>: Component<DependencyType>, NonCoreScope {
    public required override init(parent: Scope) {
        super.init(parent: parent)
    }

    open func scopeDidBecomeActive() {}
    open func scopeDidBecomeInactive() {}
}

public enum PluginizedScopeLifecycle {
    case active
    case inactive
    case `deinit`
}

public protocol ObserverDisposable: AnyObject {
    func dispose()
}

public protocol PluginizedScopeLifecycleObservable: AnyObject {
    func observe(_ observer: @escaping (PluginizedScopeLifecycle) -> Void) -> ObserverDisposable
}

public protocol PluginizedScope: Scope {
    func bind(to observable: PluginizedScopeLifecycleObservable)
}

public protocol PluginExtension: AnyObject {}

open class PluginizedComponent<DependencyType, PluginExtensionType, NonCoreComponent: NonCoreScope>: Component<DependencyType>, PluginizedScope {
    public private(set) var pluginExtension: PluginExtensionType!

    public var nonCoreComponent: AnyObject {
        guard let nonCore else { fatalError("the non-core component of \(self) was released") }
        return nonCore
    }

    public override init(parent: Scope) {
        super.init(parent: parent)
        nonCore = NonCoreComponent(parent: self)
        pluginExtension = __PluginExtensionProviderRegistry.instance.pluginExtensionProvider(for: self) as? PluginExtensionType
    }

    public func bind(to observable: PluginizedScopeLifecycleObservable) {
        guard disposable == nil else { return }
        disposable = observable.observe { event in
            switch event {
            case .active: self.nonCore?.scopeDidBecomeActive()
            case .inactive: self.nonCore?.scopeDidBecomeInactive()
            case .deinit:
                self.scopeWillDeinit()
                self.nonCore = nil
            }
        }
    }

    open func scopeWillDeinit() {}

    private var disposable: ObserverDisposable?
    private var nonCore: NonCoreScope?

    deinit {
        disposable?.dispose()
    }
}

public class __PluginExtensionProviderRegistry {
    public static let instance = __PluginExtensionProviderRegistry()

    public func registerPluginExtensionProviderFactory(`for` componentName: String, _ pluginExtensionProviderFactory: @escaping (PluginizedScope) -> AnyObject) {
        factories[componentName] = pluginExtensionProviderFactory
    }

    func pluginExtensionProvider(`for` component: PluginizedScope) -> AnyObject? {
        component.path.last.flatMap { factories[$0] }?(component)
    }

    private var factories: [String: (PluginizedScope) -> AnyObject] = [:]
    private init() {}
}
