

import Kit
import NeedleFoundation

// swiftlint:disable unused_declaration
private let needleDependenciesHash : String? = nil

// MARK: - Traversal Helpers

nonisolated private func parent1(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {
    return component.parent
}

// MARK: - Providers

#if !NEEDLE_DYNAMIC

nonisolated private final class EditorDependency742f59924d315c8657b4Provider: EditorDependency {
    @MainActor var noteStore: NoteStore {
        return rootComponent.noteStore
    }
    private let rootComponent: RootComponent
    init(rootComponent: RootComponent) {
        self.rootComponent = rootComponent
    }
}
/// ^->RootComponent->EditorComponent
nonisolated private func factory4f1d2ecd1894bc0de253b3a8f24c1d289f2c0f2e(_ component: NeedleFoundation.Scope) -> AnyObject {
    return EditorDependency742f59924d315c8657b4Provider(rootComponent: parent1(component) as! RootComponent)
}

#else
extension EditorComponent: NeedleFoundation.Registration {
    public func registerItems() {
        keyPathToName[\EditorDependency.noteStore] = "noteStore-NoteStore"
    }
}
extension RootComponent: NeedleFoundation.Registration {
    public func registerItems() {

        localTable["noteStore-NoteStore"] = { [unowned self] in self.noteStore as Any }
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
    registerProviderFactory("^->RootComponent->EditorComponent", factory4f1d2ecd1894bc0de253b3a8f24c1d289f2c0f2e)
    registerProviderFactory("^->RootComponent", factoryEmptyDependencyProvider)
}
#endif

nonisolated public func registerProviderFactories() {
#if !NEEDLE_DYNAMIC
    register1()
#endif
}
