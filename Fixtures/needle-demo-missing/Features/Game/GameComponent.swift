import NeedleFoundation
import Streams

public protocol GameDependency: Dependency {
    var mutableScoreStream: MutableScoreStream { get }
    var playersStream: PlayersStream { get }
}

public final class GameComponent: Component<GameDependency> {
    public var board: Board {
        Board(players: dependency.playersStream.players, score: dependency.mutableScoreStream)
    }
}

public struct Board {
    public let players: [Player]
    let score: MutableScoreStream

    public func finish(winner: Player) {
        score.record(winner: winner)
    }
}
