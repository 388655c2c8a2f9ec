import Testing
@testable import Graphs

/// The fast paths (nothing to trim, no `<`) answer exactly what the character-by-character walk does.
@Suite struct NeedleTypeTextTests {
    @Test func trimsOnlyWhitespaceCharacters() {
        let cases: [(String, String)] = [
            ("Component", "Component"), ("", ""), ("  A ", "A"), ("\tA\n", "A"),
            ("A\u{3000}", "A"), ("\u{00A0}A", "A"), ("é", "é"), ("A\u{301}", "A\u{301}"),
            ("[String: Int]", "[String: Int]"),
        ]
        for (text, trimmed) in cases {
            #expect(text.trimmingSpaces == trimmed, "\(text.unicodeScalars.map { $0.value })")
        }
    }

    @Test func splitsGenericClauses() {
        #expect(NeedleTypeText.splitGeneric("Component<A, B<C>>") == ("Component", ["A", "B<C>"]))
        #expect(NeedleTypeText.splitGeneric(" NeedleFoundation.Component<A> ") == ("NeedleFoundation.Component", ["A"]))
        #expect(NeedleTypeText.splitGeneric("Dependency") == ("Dependency", []))
        #expect(NeedleTypeText.splitGeneric("A<B") == ("A<B", []))
        #expect(NeedleTypeText.splitGeneric("\u{00A0}View") == ("View", []))
        #expect(NeedleTypeText.splitGeneric("") == ("", []))
    }
}
