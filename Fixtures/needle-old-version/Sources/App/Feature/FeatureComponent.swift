import NeedleFoundation

protocol FeatureDependency: Dependency {
    var analytics: Analytics { get }
    var session: Session { get }
}

final class FeatureComponent: Component<FeatureDependency> {
    var detailComponent: DetailComponent { DetailComponent(parent: self) }
}

protocol DetailDependency: Dependency {
    var analytics: Analytics { get }
    // Provided by no ancestor under any needle.
    var clock: Clock { get }
}

final class DetailComponent: Component<DetailDependency> {}
