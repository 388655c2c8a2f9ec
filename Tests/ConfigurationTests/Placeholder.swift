import Testing
@testable import Configuration

@Test func ConfigurationBuilds() { #expect(Bool(true)) }
