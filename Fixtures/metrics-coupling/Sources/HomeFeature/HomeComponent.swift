import NeedleFoundation
import Core

public protocol HomeDependency: Dependency {}

public final class HomeComponent: Component<HomeDependency> {}
