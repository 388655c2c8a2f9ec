import Dependencies
import Foundation

public struct FileClient {
    public var load: (String) throws -> Data
}

extension DependencyValues {
    public var fileClient: FileClient { FileClient.noop }
}

extension FileClient {
    public static let noop = FileClient(load: { _ in Data() })

    public func loadSavedGames() throws -> Data {
        try load("saved-games")
    }
}
