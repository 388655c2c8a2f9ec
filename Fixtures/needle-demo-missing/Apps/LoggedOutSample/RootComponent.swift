import NeedleFoundation

/// The sample's menu: it needs nothing from its parent.
final class RootComponent: Component<EmptyDependency> {
    var title: String {
        "Logged-out sample"
    }
}
