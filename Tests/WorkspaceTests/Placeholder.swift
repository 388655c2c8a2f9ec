import Testing
@testable import Workspace

@Test func WorkspaceBuilds() { #expect(Bool(true)) }
