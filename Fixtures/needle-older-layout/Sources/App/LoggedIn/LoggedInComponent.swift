import NeedleFoundation

protocol LoggedInDependency: Dependency {
    var session: Session { get }
}

final class LoggedInComponent: Component<LoggedInDependency> {
    public var scoreStream: ScoreStream { shared { ScoreStreamImpl() } }
    var gameComponent: GameComponent { GameComponent(parent: self) }
    var scoreSheetComponent: ScoreSheetComponent { ScoreSheetComponent(parent: self) }
}

extension LoggedInComponent {
    // An extension's internal properties do provide.
    var mutableScoreStream: MutableScoreStream { shared { ScoreStreamImpl() } }
}
