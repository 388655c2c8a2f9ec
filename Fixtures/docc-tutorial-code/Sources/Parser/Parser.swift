import Syntax

public enum Parser {
    public static func tokenize(_ source: String) -> [Token] {
        source.split(separator: " ").map { Token(String($0)) }
    }
}
