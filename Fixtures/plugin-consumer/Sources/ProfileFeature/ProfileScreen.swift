public struct ProfileScreen {
    public init() {}
    public var title: String { "Profile" }
}
