import ProfileInterface

public final class ProfileCard: ProfileBuildable {
    public init() {}
    public func makeProfileCard() -> AnyObject { self }
}
