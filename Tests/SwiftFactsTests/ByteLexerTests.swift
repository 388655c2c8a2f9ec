import SyntaxSupport
import Testing

/// `ByteLexer`, the one reading of comments and string literals that `SourceShape` and `NestingLimiter` share.
@Suite struct ByteLexerTests {
    private func lexing<T>(_ text: String, _ body: (ByteLexer) -> T) -> T {
        Array(text.utf8).withUnsafeBufferPointer { body(ByteLexer($0)) }
    }

    @Test func blockCommentsNestAndAnUnclosedOneHasNoEnd() {
        #expect(lexing("/* a /* b */ c */x") { $0.blockCommentEnd(from: 0) } == 17)
        #expect(lexing("/* a /* b */ c") { $0.blockCommentEnd(from: 0) } == nil)
    }

    @Test func lineCommentsEndAtEitherLineBreak() {
        #expect(lexing("// a\nb") { $0.lineCommentEnd(from: 0) } == 4)
        #expect(lexing("// a\rb") { $0.lineCommentEnd(from: 0) } == 4)
        #expect(lexing("// a") { $0.lineCommentEnd(from: 0) } == 4)
    }

    /// Each case: the source, the `#` count before the opening quote at `quote`, and where its body stops.
    @Test(arguments: [
        (#""a\"b" x"#, 0, "closed 6"),
        (#""" x"#, 0, "closed 2"),
        (##"#"a"b"# x"##, 1, "closed 7"),
        (##"#""# x"##, 1, "closed 4"),
        (#""a \(b) c""#, 0, "interpolation 3 5"),
        (##"#"a \(b) \#(c)"#"##, 1, "interpolation 9 12"),
        ("\"\"\"\na \" \"\" b\n\"\"\" x", 0, "closed 16"),
        ("\"a\nb\"", 0, "unterminated 2"),
        ("\"\"\"\na", 0, "unterminated 5"),
    ])
    func stringLiteralsEndAsTheSwiftLexerEndsThem(source: String, hashes: Int, end: String) {
        let stop = lexing(source) { lexer in
            let (delimiter, body) = lexer.openString(quote: hashes, hashes: hashes)
            return lexer.stringEnd(from: body, delimiter)
        }
        switch stop {
        case .closed(let next): #expect("closed \(next)" == end)
        case .interpolation(let backslash, let code): #expect("interpolation \(backslash) \(code)" == end)
        case .unterminated(let at): #expect("unterminated \(at)" == end)
        }
    }
}
