import HomeFeatureInterface

public final class HomeBuildingMock: HomeBuilding {}
