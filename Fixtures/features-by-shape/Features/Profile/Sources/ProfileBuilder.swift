import HomeInterface
import ProfileInterface
import Theme

public final class ProfileBuilder: ProfileBuildable {
    public init() {}
}
