import Core

public struct HomeScreen {
    public init() {}
    let client = Client()
}
