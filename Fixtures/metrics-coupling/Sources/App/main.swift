import NeedleFoundation
import HomeFeature
import CartFeature
import Core

final class RootComponent: BootstrapComponent {
    var home: HomeComponent { HomeComponent(parent: self) }
}
