/// What `archlint new component` was asked to make.
public struct ScaffoldRequest: Sendable, Equatable {
    public enum Flavor: String, Sendable, Equatable {
        /// The component and its Dependency protocol.
        case plain
        /// Also a RIBs builder, interactor, router and view controller, with the Buildable protocol.
        case ribs
        /// Also a SwiftUI view and its type-erased builder.
        case swiftui
    }

    /// The feature's name: `Settings` makes `SettingsComponent` and `SettingsDependency`.
    public var name: String
    /// The parent component's simple name.
    public var parent: String
    /// The module id or name the new files belong to; nil: the parent's module.
    public var module: String?
    /// The module id or name that receives the Buildable protocol; nil: beside the builder.
    public var interfaceModule: String?
    /// The Needle scope (app) that holds the parent, when the name is declared in several.
    public var app: String?
    public var flavor: Flavor
    /// Overwrite generated files that already exist.
    public var force: Bool
    /// Read templates and write files through symlinks leading outside the root (`--allow-outside-root`).
    public var allowsOutsideRoot = false

    public init(
        name: String, parent: String, module: String? = nil, interfaceModule: String? = nil, app: String? = nil,
        flavor: Flavor = .plain, force: Bool = false
    ) {
        self.name = name
        self.parent = parent
        self.module = module
        self.interfaceModule = interfaceModule
        self.app = app
        self.flavor = flavor
        self.force = force
    }

    public var componentName: String { name + "Component" }
    public var dependencyName: String { name + "Dependency" }

    /// The parent's factory property: `settingsComponent`, `urlFeedComponent`.
    public var factoryProperty: String {
        SwiftIdentifier.lowerCamelCase(name) + "Component"
    }
}

/// Bad input or a refused write: the message says what to change. Nothing has been written.
public struct ScaffoldError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
