public struct Formatter {
    public init() {}
    public var title: String { "Viewer" }
}
