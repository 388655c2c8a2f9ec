import Home

public enum HomeStub {
    public static let view = HomeView()
}
