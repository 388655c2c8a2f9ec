public struct Client {
    public init() {}
}
