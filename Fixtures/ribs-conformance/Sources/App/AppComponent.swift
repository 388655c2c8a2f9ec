import RIBs
import Root

final class AppComponent: Component<EmptyDependency>, RootDependency {
    let greeting: String = "Hello"

    init() {
        super.init(dependency: EmptyComponent())
    }
}

enum AppLauncher {
    static func makeRootRouter() -> LaunchRouting {
        RootBuilder(dependency: AppComponent()).build()
    }
}
