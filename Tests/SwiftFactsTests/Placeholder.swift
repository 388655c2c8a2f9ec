import Testing
@testable import SwiftFacts

@Test func SwiftFactsBuilds() { #expect(Bool(true)) }
