import HomeInterface
import NetworkingInterface
import Theme

public final class HomeBuilder: HomeBuildable {
    public init() {}
}
