@testable import Core

public struct FakeCoreService {}
