import Testing
@testable import Manifests

@Test func ManifestsBuilds() { #expect(Bool(true)) }
