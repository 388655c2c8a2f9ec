import NeedleFoundation
import RxSwift

protocol GameDependency: Dependency {
    var mutableScoreStream: MutableScoreStream { get }
    var analytics: Analytics { get }
}

final class GameComponent: Component<GameDependency> {
    var scoreSheetComponent: ScoreSheetComponent { ScoreSheetComponent(parent: self) }
    // A component never provides its own requirements: this one is not used for GameDependency.
    public var mutableScoreStream: MutableScoreStream { ScoreStreamImpl() }
}
