public struct Generator {
    public init() {}
    public func generate(_ spec: String) -> String { spec }
}
