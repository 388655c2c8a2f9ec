import Dependencies

// Uses FileClient's and ApiClient's extension members without importing either module: this compiles only
// because Swift sees extension members of every module the build loads.
struct GameModel {
    @Dependency(\.fileClient) var fileClient

    func resume() throws {
        _ = try fileClient.loadSavedGames()
    }
}
