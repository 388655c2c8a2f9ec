import Game
import NeedleFoundation
import Streams

/// Owns the score for a logged-in session and starts games.
public final class LoggedInComponent: Component<EmptyDependency> {
    public var mutableScoreStream: MutableScoreStream {
        shared { ScoreStreamImpl() }
    }

    public var scoreStream: ScoreStream {
        mutableScoreStream
    }

    public var gameComponent: GameComponent {
        GameComponent(parent: self)
    }
}
