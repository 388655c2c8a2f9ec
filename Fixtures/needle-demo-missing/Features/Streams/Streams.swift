public struct Player: Hashable, Sendable {
    public var name: String

    public init(name: String) {
        self.name = name
    }
}

public protocol PlayersStream: AnyObject {
    var players: [Player] { get }
}

public protocol MutablePlayersStream: PlayersStream {
    func update(players: [Player])
}

public final class PlayersStreamImpl: MutablePlayersStream {
    public private(set) var players: [Player] = []

    public init() {}

    public func update(players: [Player]) {
        self.players = players
    }
}

public protocol ScoreStream: AnyObject {
    var scores: [Player: Int] { get }
}

public protocol MutableScoreStream: ScoreStream {
    func record(winner: Player)
}

public final class ScoreStreamImpl: MutableScoreStream {
    public private(set) var scores: [Player: Int] = [:]

    public init() {}

    public func record(winner: Player) {
        scores[winner, default: 0] += 1
    }
}
