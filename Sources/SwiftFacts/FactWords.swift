/// The words without which a full parse yields no facts but imports and `archlint:` comments: one per kind of
/// fact `FactsVisitor` collects beyond those. `SourceShape` looks for them in code (never in comments or
/// strings); a file that has none gets the import-only scan, which gives the same `FileFacts`.
///
/// They come from the facts, not from the rules: `FileFacts` is cached by content hash and shared by every
/// consumer, and every consumer reads every file's types (the type index behind `RuleActivation`, the Needle
/// analysis and scopes, the rules and a team's type rules), so no configuration can make a file's types,
/// calls or generator marker irrelevant. Adding a fact to the visitor means adding its word here (the
/// equivalence tests fail otherwise).
enum FactWords {
    static let words: [StaticString] = [
        // `TypeDecl`: every declaration the visitor records starts with one of these keywords.
        "class", "struct", "enum", "protocol", "actor", "extension",
        // `CallFact`: an argument labelled `parent` or `dependency` (identifiers have no escapes; a
        // backticked label is checked by its content).
        "parent", "dependency",
        // `FileFacts.isNeedleGenerated`: the top-level declaration needle's generator always writes.
        "needleDependenciesHash",
    ]

    /// Whether `bytes[range]` is one of `words`.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        words.contains { word in
            word.utf8CodeUnitCount == range.count
                && word.withUTF8Buffer { pattern in
                    var offset = 0
                    while offset < pattern.count, bytes[range.lowerBound + offset] == pattern[offset] { offset += 1 }
                    return offset == pattern.count
                }
        }
    }
}
