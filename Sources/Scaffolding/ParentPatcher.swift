import SwiftParser
import SwiftSyntax

/// Edits the parent component's file through its syntax tree, as text insertions at token boundaries, so every
/// byte it doesn't insert stays as it was (comments, blank lines, the file's own indentation).
struct ParentPatcher {
    /// What to insert.
    struct Edit {
        /// The child factory, one line without indentation.
        var factory: String
        /// The factory property's name, to refuse a second one.
        var factoryProperty: String
        /// `extension Parent: ChildDependency {}`, appended at the end of the file; nil: none.
        var conformance: String?
        /// A module the file must import (the new files live in another module); nil: none.
        var importModule: String?
        /// `--force`: a factory of that name already there is kept (the files are being regenerated), not an error.
        var keepsExistingFactory = false
    }

    let source: String
    let parent: String
    /// The parent's line (from the analysis), to choose among several classes of that name in one file.
    let line: Int

    func patched(with edit: Edit) throws(ScaffoldError) -> String {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let classes = ClassFinder(name: parent).find(in: tree)
        guard let declaration = classes.min(by: {
            abs($0.name.startLocation(converter: converter).line - line) < abs($1.name.startLocation(converter: converter).line - line)
        }) else {
            throw ScaffoldError("The parent's file has no class named \(parent) (did it change since the analysis?).")
        }
        let members = declaration.memberBlock.members
        let hasFactory = members.contains { member in
            member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == edit.factoryProperty
            } ?? false
        }
        if hasFactory && !edit.keepsExistingFactory {
            throw ScaffoldError(
                "\(parent) already has a member named \(edit.factoryProperty). Pass --force to regenerate the files and keep it.")
        }

        // Replacements of byte ranges (an insertion replaces an empty range).
        var edits: [(range: Range<Int>, text: String)] = []
        let unit = Self.indentationUnit(of: source)
        let classIndent = Self.indentation(ofLineAt: declaration.positionAfterSkippingLeadingTrivia.utf8Offset, in: source)
        if hasFactory {
            // Kept as it is.
        } else if let last = members.last {
            let memberIndent = Self.indentation(ofLineAt: last.positionAfterSkippingLeadingTrivia.utf8Offset, in: source)
            let end = last.endPosition.utf8Offset
            edits.append((end..<end, "\n\n" + memberIndent + edit.factory))
        } else {
            // `{}`, `{ }` or an empty body over several lines: the factory becomes the only member.
            let left = declaration.memberBlock.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
            let right = declaration.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
            edits.append((left..<right, "\n" + classIndent + unit + edit.factory + "\n" + classIndent))
        }
        if let module = edit.importModule, !Self.imports(tree).contains(module) {
            let offset: Int
            let text: String
            if let last = tree.statements.last(where: { $0.item.is(ImportDeclSyntax.self) }) {
                (offset, text) = (last.endPosition.utf8Offset, "\nimport \(module)")
            } else if let first = tree.statements.first {
                (offset, text) = (first.positionAfterSkippingLeadingTrivia.utf8Offset, "import \(module)\n\n")
            } else {
                (offset, text) = (0, "import \(module)\n")
            }
            edits.append((offset..<offset, text))
        }
        var bytes = Array(source.utf8)
        if let conformance = edit.conformance, !Self.hasConformance(tree, conformance: conformance) {
            let separator = bytes.isEmpty || bytes.last == UInt8(ascii: "\n") ? "" : "\n"
            edits.append((bytes.count..<bytes.count, separator + "\n" + conformance + "\n"))
        }
        // From the end of the file, so earlier offsets stay valid.
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the file already declares the conformance (compared without whitespace).
    static func hasConformance(_ tree: SourceFileSyntax, conformance: String) -> Bool {
        let wanted = conformance.filter { !$0.isWhitespace }
        return tree.statements.contains {
            $0.item.is(ExtensionDeclSyntax.self) && $0.item.trimmedDescription.filter { !$0.isWhitespace } == wanted
        }
    }

    static func imports(_ tree: SourceFileSyntax) -> Set<String> {
        Set(tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text })
    }

    /// The whitespace that starts the line holding `offset`.
    static func indentation(ofLineAt offset: Int, in source: String) -> String {
        let bytes = Array(source.utf8)
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The file's indentation step: a tab, or the smallest run of leading spaces (4 when nothing is indented).
    static func indentationUnit(of source: String) -> String {
        var smallest = Int.max
        for line in source.split(separator: "\n") {
            if line.first == "\t" { return "\t" }
            let spaces = line.prefix { $0 == " " }.count
            if spaces > 0, spaces < line.count { smallest = min(smallest, spaces) }
        }
        return String(repeating: " ", count: smallest == Int.max ? 4 : smallest)
    }
}

/// Every class of one name, nested ones and ones under `#if` included.
private final class ClassFinder: SyntaxVisitor {
    let name: String
    var found: [ClassDeclSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    func find(in tree: SourceFileSyntax) -> [ClassDeclSyntax] {
        walk(tree)
        return found
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == name { found.append(node) }
        return .visitChildren
    }
}
