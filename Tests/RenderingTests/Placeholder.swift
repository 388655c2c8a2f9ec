import Testing
@testable import Rendering

@Test func RenderingBuilds() { #expect(Bool(true)) }
