import HomeFeatureInterface
import NeedleFoundation

public protocol HomeDependency: Dependency {}

public final class HomeComponent: Component<HomeDependency>, HomeBuilding {}
