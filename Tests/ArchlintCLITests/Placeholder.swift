import Testing
@testable import ArchlintCLI

@Test func ArchlintCLIBuilds() { #expect(Bool(true)) }
