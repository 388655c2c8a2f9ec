/// The examples of `stale-needle-generated`: a root and a child component and the file needle writes for them.
enum StaleNeedleGeneratedExamples {
    static let root = """
                    import NeedleFoundation

                    final class RootComponent: BootstrapComponent {
                        public var session: Session { shared { Session() } }
                        var home: HomeComponent { HomeComponent(parent: self) }
                    }
                    """

    static let home = """
                    import NeedleFoundation

                    protocol HomeDependency: Dependency {
                        var session: Session { get }
                    }

                    final class HomeComponent: Component<HomeDependency> {}
                    """

    /// What needle 0.25.1 writes for `root` and `home` without a header doc.
    static let generated = #"""


                    import NeedleFoundation

                    // swiftlint:disable unused_declaration
                    private let needleDependenciesHash : String? = nil

                    // MARK: - Traversal Helpers

                    private func parent1(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {
                        return component.parent
                    }

                    // MARK: - Providers

                    #if !NEEDLE_DYNAMIC

                    private class HomeDependencycad225e9266b3c9a56ddProvider: HomeDependency {
                        var session: Session {
                            return rootComponent.session
                        }
                        private let rootComponent: RootComponent
                        init(rootComponent: RootComponent) {
                            self.rootComponent = rootComponent
                        }
                    }
                    /// ^->RootComponent->HomeComponent
                    private func factory7cf6ef49229ffaf97a15b3a8f24c1d289f2c0f2e(_ component: NeedleFoundation.Scope) -> AnyObject {
                        return HomeDependencycad225e9266b3c9a56ddProvider(rootComponent: parent1(component) as! RootComponent)
                    }

                    #else
                    extension HomeComponent: NeedleFoundation.Registration {
                        public func registerItems() {
                            keyPathToName[\HomeDependency.session] = "session-Session"
                        }
                    }
                    extension RootComponent: NeedleFoundation.Registration {
                        public func registerItems() {

                            localTable["session-Session"] = { [unowned self] in self.session as Any }
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
                        registerProviderFactory("^->RootComponent->HomeComponent", factory7cf6ef49229ffaf97a15b3a8f24c1d289f2c0f2e)
                        registerProviderFactory("^->RootComponent", factoryEmptyDependencyProvider)
                    }
                    #endif

                    public func registerProviderFactories() {
                    #if !NEEDLE_DYNAMIC
                        register1()
                    #endif
                    }

                    """#

    /// Written before `HomeComponent` existed.
    static let stale = #"""


                    import NeedleFoundation

                    // swiftlint:disable unused_declaration
                    private let needleDependenciesHash : String? = nil

                    // MARK: - Traversal Helpers

                    private func parent1(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {
                        return component.parent
                    }

                    // MARK: - Providers

                    #if !NEEDLE_DYNAMIC

                    ↓
                    #else
                    extension RootComponent: NeedleFoundation.Registration {
                        public func registerItems() {

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
                        registerProviderFactory("^->RootComponent", factoryEmptyDependencyProvider)
                    }
                    #endif

                    public func registerProviderFactories() {
                    #if !NEEDLE_DYNAMIC
                        register1()
                    #endif
                    }

                    """#

    static let triggering = [
        RuleExample([
            "Sources/App/RootComponent.swift": root,
            "Sources/App/HomeComponent.swift": home,
            "Sources/App/NeedleGenerated.swift": stale,
        ], caption: "`HomeComponent` was added; the committed file still registers only the root."),
    ]

    static let nonTriggering = [
        RuleExample([
            "Sources/App/RootComponent.swift": root,
            "Sources/App/HomeComponent.swift": home,
            "Sources/App/NeedleGenerated.swift": generated,
        ], caption: "The file is what needle writes."),
        RuleExample([
            "Sources/App/RootComponent.swift": root,
            "Sources/App/HomeComponent.swift": home,
            "Sources/App/NeedleGenerated.swift": "// Generated by needle. Do not edit.\n" + generated,
        ], caption: "A header doc before the generated text is not compared."),
    ]
}
