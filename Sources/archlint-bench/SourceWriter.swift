/// Builds Swift source text line by line with indentation.
struct SourceWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: depth) + content + "\n"
        }
    }

    mutating func block(_ opener: String, closer: String = "}", _ body: (inout SourceWriter) -> Void) {
        line(opener + " {")
        depth += 1
        body(&self)
        depth -= 1
        line(closer)
    }

    mutating func lines(_ contents: [String]) {
        for content in contents { line(content) }
    }

    /// Imports, with the conditional ones inside `#if` blocks.
    mutating func imports(_ plain: [String], conditional: [(condition: String, module: String)] = []) {
        for module in plain.sorted() { line("import \(module)") }
        for entry in conditional {
            line("#if \(entry.condition)")
            line("import \(entry.module)")
            line("#endif")
        }
        line()
    }
}
