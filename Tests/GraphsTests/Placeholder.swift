import Testing
@testable import Graphs

@Test func GraphsBuilds() { #expect(Bool(true)) }
