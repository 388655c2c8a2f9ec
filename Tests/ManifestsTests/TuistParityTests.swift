import ArchlintModel
import Foundation
import Testing
@testable import Manifests

/// Parity with a real Tuist repository on disk, only when `ARCHLINT_TUIST_PARITY_REPO` names one: prints every
/// project's facts, for comparison with what `tuist generate` gives (judged by reading its manifests).
@Suite struct TuistParityTests {
    static let repository = ProcessInfo.processInfo.environment["ARCHLINT_TUIST_PARITY_REPO"]

    @Test(.enabled(if: repository != nil)) func printsTheFactsOfARealRepository() {
        guard let path = Self.repository else { return }
        let repository = TuistRepository(directory: URL(fileURLWithPath: path))
        let start = Date()
        let facts = repository.read()
        let elapsed = Date().timeIntervalSince(start)
        for line in facts.described { print("PARITY " + line) }
        let targets = facts.flatMap(\.targets)
        print("PARITY summary: \(facts.count) projects, \(targets.count) targets, "
              + "\(targets.filter { !$0.swiftSources.isEmpty }.count) with Swift sources, "
              + "\(facts.flatMap(\.issues).count) issues, \(String(format: "%.3f", elapsed)) s")
        #expect(!facts.isEmpty)
    }
}
