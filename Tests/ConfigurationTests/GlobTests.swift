import ArchlintTestSupport
import ArchlintModel
import Foundation
import Testing

/// The backtracking matcher `Glob` used before it was compiled to an NFA, kept as an oracle: the compiled
/// matcher must agree with it on every pattern and text (matches and captures).
struct BacktrackingGlob {
    let pattern: String
    private let tokens: [Token]

    private enum Token: Hashable, Sendable {
        case literal(Character)
        case star          // *
        case globstar      // ** (may swallow the following '/')
        case any           // ?
        case alternatives([[Token]])
    }

    enum GlobError: Error, Equatable, CustomStringConvertible {
        case unbalancedBrace(String)
        case empty

        var description: String {
            switch self {
            case .unbalancedBrace(let pattern): "unbalanced '{' or '}' in glob \"\(pattern)\""
            case .empty: "empty glob"
            }
        }
    }

    init(_ pattern: String) throws {
        guard !pattern.isEmpty else { throw GlobError.empty }
        self.pattern = pattern
        var index = pattern.startIndex
        self.tokens = try BacktrackingGlob.parse(pattern, &index, insideBraces: false)
        if index != pattern.endIndex { throw GlobError.unbalancedBrace(pattern) }
    }


    private static func parse(_ pattern: String, _ index: inout String.Index, insideBraces: Bool) throws -> [Token] {
        var tokens: [Token] = []
        while index < pattern.endIndex {
            let character = pattern[index]
            if insideBraces && (character == "," || character == "}") { return tokens }
            index = pattern.index(after: index)
            switch character {
            case "*":
                if index < pattern.endIndex && pattern[index] == "*" {
                    index = pattern.index(after: index)
                    tokens.append(.globstar)
                } else {
                    tokens.append(.star)
                }
            case "?":
                tokens.append(.any)
            case "{":
                var options: [[Token]] = []
                while true {
                    options.append(try parse(pattern, &index, insideBraces: true))
                    guard index < pattern.endIndex else { throw GlobError.unbalancedBrace(pattern) }
                    let separator = pattern[index]
                    index = pattern.index(after: index)
                    if separator == "}" { break }
                }
                tokens.append(.alternatives(options))
            case "}":
                throw GlobError.unbalancedBrace(pattern)
            default:
                tokens.append(.literal(character))
            }
        }
        return tokens
    }

    func matches(_ text: String) -> Bool {
        matchWithCaptures(text) != nil
    }

    /// The strings matched by each `*` and `**`, in order, or nil when `text` doesn't match.
    func matchWithCaptures(_ text: String) -> [String]? {
        let characters = Array(text)
        var captures: [String] = []
        return BacktrackingGlob.match(tokens[...], characters[...], &captures) ? captures : nil
    }

    private static func match(_ tokens: ArraySlice<Token>, _ text: ArraySlice<Character>, _ captures: inout [String]) -> Bool {
        guard let token = tokens.first else { return text.isEmpty }
        let rest = tokens.dropFirst()
        switch token {
        case .literal(let character):
            guard text.first == character else { return false }
            return match(rest, text.dropFirst(), &captures)
        case .any:
            guard let first = text.first, first != "/" else { return false }
            return match(rest, text.dropFirst(), &captures)
        case .star:
            var length = 0
            while true {
                let candidate = text.prefix(length)
                var attempt = captures + [String(candidate)]
                if match(rest, text.dropFirst(length), &attempt) {
                    captures = attempt
                    return true
                }
                guard length < text.count, text[text.startIndex + length] != "/" else { return false }
                length += 1
            }
        case .globstar:
            // `**/` may match nothing, including its slash.
            var restAfterSlash = rest
            if case .literal("/") = rest.first { restAfterSlash = rest.dropFirst() }
            var attempt = captures + [""]
            if match(restAfterSlash, text, &attempt) {
                captures = attempt
                return true
            }
            var length = 1
            while length <= text.count {
                var attempt = captures + [String(text.prefix(length))]
                if match(rest, text.dropFirst(length), &attempt) {
                    captures = attempt
                    return true
                }
                length += 1
            }
            return false
        case .alternatives(let options):
            for option in options {
                var attempt = captures
                if match(ArraySlice(option) + rest, text, &attempt) {
                    captures = attempt
                    return true
                }
            }
            return false
        }
    }
}

/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct GlobTests {
    @Test func agreesWithTheBacktrackingMatcher() throws {
        var random = SplitMix64(seed: 18)
        let pieces = ["a", "b", "/", "*", "**", "?", "**/", "/**", "{a,b}", "{a/**,b}", "{**,x/}", "{,a}", "{a*,?/}", "{{a,**}/b,c}"]
        let textPieces = ["a", "b", "/", "x", "ab", "a/"]
        var compared = 0
        for _ in 0..<4000 {
            let pattern = (0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let glob = try Glob(pattern)
            let oracle = try BacktrackingGlob(pattern)
            for _ in 0..<6 {
                let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in textPieces.randomElement(using: &random)! }.joined()
                let expected = oracle.matchWithCaptures(text)
                #expect(glob.matchWithCaptures(text) == expected, "\(pattern) on \(text)")
                #expect(glob.matches(text) == (expected != nil), "\(pattern) on \(text)")
                #expect(GlobSet([glob]).matches(text) == (expected != nil), "\(pattern) on \(text) in a set")
                compared += 1
            }
        }
        #expect(compared == 24_000)
    }

    @Test func documentedExamples() throws {
        #expect(try Glob("**/Generated/**").matches("Sources/App/Generated/File.swift"))
        #expect(try Glob("**/Generated/**").matches("Generated/File.swift"))
        #expect(try Glob("Sources/*/*.swift").matches("Sources/App/A.swift"))
        #expect(try !Glob("Sources/*/*.swift").matches("Sources/App/Sub/A.swift"))
        #expect(try Glob("{a/**}/b").matches("a/b"))
        #expect(try Glob("Modules/*/Sources/**").matchWithCaptures("Modules/Auth/Sources/Login/View.swift") == ["Auth", "Login/View.swift"])
        #expect(try Glob("*Feature").matchWithCaptures("GachaFeature") == ["Gacha"])
    }

    /// Each `**` used to multiply the time of a non-matching text (15 s at 7, past 60 s at 15).
    @Test(arguments: [7, 10, 15, 20])
    func manyGlobstarsAreLinear(_ count: Int) throws {
        let glob = try Glob(Array(repeating: "**", count: count).joined(separator: "/") + "/*.swift")
        let text = Array(repeating: "directory", count: 40).joined(separator: "/") + "/file.txt"
        #expect(!glob.matches(text))
        #expect(glob.matchWithCaptures(text) == nil)
        #expect(try glob.matchWithCaptures(Array(repeating: "d", count: 40).joined(separator: "/") + "/a.swift")?.count == count + 1)
    }

    /// A glob of 10,000 `*` used to exhaust memory; it is now an error, and one at the limit matches quickly.
    @Test func longGlobsAreRejectedOrFast() throws {
        #expect(throws: Glob.GlobError.tooLong(10_000)) { try Glob(String(repeating: "*", count: 10_000)) }
        let atLimit = try Glob(String(repeating: "*", count: Glob.maximumLength / 2).replacingOccurrences(of: "**", with: "*?"))
        let text = String(repeating: "a", count: 2_000) + "/"
        #expect(!atLimit.matches(text))
        #expect(throws: Glob.GlobError.unbalancedBrace(String(repeating: "{", count: 1_000))) {
            try Glob(String(repeating: "{", count: 1_000))
        }
    }

    /// 10,000 globs against 10,000 paths: the set looks candidates up instead of trying every glob.
    @Test func tenThousandGlobsAreFast() throws {
        var patterns = (0..<2_500).map { "Sources/Module\($0)/**" }
        patterns += (0..<2_500).map { "**/Generated\($0)/**" }
        patterns += (0..<2_500).map { "**/*.generated\($0).swift" }
        patterns += (0..<2_500).map { "Literal/Path\($0).swift" }
        let set = GlobSet(patterns: patterns)
        #expect(set.globs.count == 10_000)
        var matched = 0
        do {
            for index in 0..<10_000 {
                if set.matches("Sources/Module\(index)/Sub/File.swift") { matched += 1 }
            }
        }
        #expect(matched == 2_500)
        #expect(set.firstMatch("Literal/Path7.swift") == 7_507)
        #expect(set.firstMatch("a/Generated12/b.swift") == 2_512)
        #expect(set.firstMatch("a/b.generated3.swift") == 5_003)
    }

    /// The set's index (by literal prefix, suffix and infix) never hides a match: it agrees with trying every glob.
    @Test func setAgreesWithTryingEveryGlob() throws {
        var random = SplitMix64(seed: 1_818)
        let pieces = ["a", "b", "/", "*", "**", "?", "**/", "/**", "{a,b}", "{a/**,b}", "ab/", "/ba", "aab", String(repeating: "a", count: 70)]
        let textPieces = ["a", "b", "/", "ab", "a/", String(repeating: "a", count: 70)]
        for _ in 0..<200 {
            let globs = try (0..<Int.random(in: 1...30, using: &random)).map { _ in
                try Glob((0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
            }
            let set = GlobSet(globs)
            for _ in 0..<20 {
                let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in textPieces.randomElement(using: &random)! }.joined()
                #expect(set.firstMatch(text) == globs.firstIndex { $0.matches(text) }, "\(globs) on \(text)")
            }
        }
    }

    @Test func setKeepsFirstMatchOrder() throws {
        let set = GlobSet(patterns: ["*Core", "Design*", "DesignCore", "**"])
        #expect(set.firstMatch("DesignCore") == 0)
        #expect(set.firstMatch("DesignKit") == 1)
        #expect(set.firstMatch("Other") == 3)
        let mapped = GlobSet(patterns: ["a/*/x", "a/**"]).firstMatchWithCaptures("a/b/x") { index, _ in index == 1 }
        #expect(mapped?.index == 1)
        #expect(mapped?.captures == ["b/x"])
    }
}
