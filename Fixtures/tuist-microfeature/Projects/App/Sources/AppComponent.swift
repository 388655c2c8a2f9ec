import HomeFeature
import NeedleFoundation

final class AppComponent: BootstrapComponent {
    var homeBuilder: HomeBuilding { HomeComponent(parent: self) }
}
