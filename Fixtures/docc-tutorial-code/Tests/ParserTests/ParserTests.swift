import XCTest
import Parser
import Syntax

final class ParserTests: XCTestCase {
    func testSplitsOnSpaces() {
        XCTAssertEqual(Parser.tokenize("let x"), [Token("let"), Token("x")])
    }
}
