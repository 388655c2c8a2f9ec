import NeedleFoundation
import Streams

public protocol LoggedOutDependency: Dependency {
    var mutablePlayersStream: MutablePlayersStream { get }
}

/// Asks for the two players' names and writes them to the players stream.
public final class LoggedOutComponent: Component<LoggedOutDependency> {
    public var loginFlow: LoginFlow {
        LoginFlow(playersStream: dependency.mutablePlayersStream)
    }
}

public struct LoginFlow {
    let playersStream: MutablePlayersStream

    public func logIn(_ first: String, _ second: String) {
        playersStream.update(players: [Player(name: first), Player(name: second)])
    }
}
