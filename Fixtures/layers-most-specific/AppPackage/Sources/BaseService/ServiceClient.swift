public struct ServiceClient {
    public init() {}
}
