import Home
import NeedleFoundation
import Platform
import Settings

final class RootComponent: BootstrapComponent {
    public var imageLoader: ImageLoader {
        shared { ImageLoader() }
    }

    var home: HomeComponent {
        HomeComponent(parent: self)
    }

    var settings: SettingsComponent {
        SettingsComponent(parent: self)
    }
}
