import Repository
import Utils

public struct ProfileScreen {
    public init() {}
    let format = Formatter()
}
