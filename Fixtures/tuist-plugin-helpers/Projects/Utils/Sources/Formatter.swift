public struct Formatter {
    public init() {}
}
