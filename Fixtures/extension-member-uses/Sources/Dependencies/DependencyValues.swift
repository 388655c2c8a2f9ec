/// A stand-in for a dependency container: each client adds its own property in an extension.
public struct DependencyValues {
    public init() {}
}

@propertyWrapper
public struct Dependency<Value> {
    public let keyPath: KeyPath<DependencyValues, Value>

    public init(_ keyPath: KeyPath<DependencyValues, Value>) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value { DependencyValues()[keyPath: keyPath] }
}
