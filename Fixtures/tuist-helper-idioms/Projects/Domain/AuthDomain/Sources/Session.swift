public struct Session {
    public init() {}
}
