import NeedleFoundation

protocol ScoreSheetDependency: Dependency {
    var scoreStream: ScoreStream { get }
}

/// Reached on two paths that resolve alike: one provider class, two factories.
final class ScoreSheetComponent: Component<ScoreSheetDependency> {}
