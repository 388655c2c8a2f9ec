import HomeInterface
import NetworkingInterface
import Theme
import TokenStore

public final class HomeBuilder: HomeBuildable {
    public init() {}
}
