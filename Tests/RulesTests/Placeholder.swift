import Testing
@testable import Rules

@Test func RulesBuilds() { #expect(Bool(true)) }
