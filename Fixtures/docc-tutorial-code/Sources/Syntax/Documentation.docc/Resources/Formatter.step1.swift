import Syntax
import Parser

// Tutorial step 1: parse a line, then print its tokens one per line.
let tokens = Parser.tokenize("let x = 1")
print(tokens.map(\.text).joined(separator: "\n"))
