import ProfileFeature

public struct HomeScreen {
    public init() {}
    public var profileTitle: String { ProfileScreen().title }
}
