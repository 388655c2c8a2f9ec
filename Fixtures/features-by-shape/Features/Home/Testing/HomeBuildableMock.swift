import HomeInterface

public final class HomeBuildableMock: HomeBuildable {
    public init() {}
}
