import Testing
@testable import Manifests

/// Helpers' regular expressions run only where their work is bounded: a manifest is untrusted input.
@Suite struct BoundedRegexTests {
    @Test func camelCaseIsSplitAsFoundationSplitsIt() {
        #expect(BoundedRegex.replacing("([a-z0-9])([A-Z])", in: "novelReview", with: "$1 $2") == "novel Review")
        #expect(BoundedRegex.replacing("[_-]", in: "user_profile-v2", with: "") == "userprofilev2")
        #expect(BoundedRegex.replacing("^(\\w)", in: "home", with: "X") == "Xome")
    }

    @Test(arguments: ["([a-z])([A-Z])", "[a-z]+", "(?:ab)c?", "a*?b", "[(+)]*x", "\\d{2}"])
    func boundedPatternsRun(_ pattern: String) {
        #expect(BoundedRegex.isBounded(pattern))
    }

    /// Quantified groups and back-references can backtrack without bound; many quantifiers grow polynomially.
    @Test(arguments: ["(a+)+b", "(x|y)*z", "(a*)*", "(\\w)\\1", "(?<n>a)\\k<n>", "a*b*c*", String(repeating: "a", count: 200)])
    func unboundedPatternsAreLeftUnread(_ pattern: String) {
        #expect(!BoundedRegex.isBounded(pattern))
        #expect(BoundedRegex.replacing(pattern, in: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", with: "") == nil)
    }

    @Test func longTextIsLeftUnread() {
        #expect(BoundedRegex.replacing("a", in: String(repeating: "a", count: 257), with: "b") == nil)
        #expect(BoundedRegex.replacing("a", in: String(repeating: "a", count: 256), with: "b") == String(repeating: "b", count: 256))
    }

    @Test func anInvalidPatternIsLeftUnread() {
        #expect(BoundedRegex.replacing("([a-z]", in: "abc", with: "") == nil)
    }
}
