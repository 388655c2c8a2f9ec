import ArchlintModel
import SwiftParser
import SwiftSyntax
import SyntaxSupport

/// The parsed Swift files of a Tuist manifest set: helpers and manifests, each parsed once within the nesting
/// budget, with what maps positions back to their lines and columns.
final class TuistSources {
    struct File {
        var tree: SourceFileSyntax
        var map: LineTable
        /// Where the nesting limiter cut the file, and why.
        var cut: (line: Int, column: Int, lastLine: Int, reason: String)?
    }

    private(set) var files: [String: File] = [:]
    let budget: ManifestBudget

    init(budget: ManifestBudget) {
        self.budget = budget
    }

    /// Parses `path`'s text; nil when it can't be read.
    @discardableResult
    func parse(_ path: String, fileSystem: any ProjectFileSystem) -> File? {
        if let parsed = files[path] { return parsed }
        guard let bytes = fileSystem.contents(of: path) else { return nil }
        return parse(path, text: String(decoding: bytes, as: UTF8.self))
    }

    /// Parses `text` as the file at `path`.
    @discardableResult
    func parse(_ path: String, text: String) -> File {
        let limited = NestingLimiter.limit(text, maximumNesting: budget.maximumNesting,
                                           maximumAdjacentBrackets: budget.maximumAdjacentBrackets)
        var parser = Parser(limited.source, maximumNestingLevel: budget.maximumNesting * 2 + 8)
        let tree = SourceFileSyntax.parse(from: &parser)
        let file = File(tree: tree, map: limited.map,
                        cut: limited.firstTooDeep.map { ($0.line, $0.column, limited.lastCutLine, limited.reason) })
        files[path] = file
        return file
    }

    /// The modules a parsed file imports at its top level, each with where its `import` is.
    func imports(of path: String) -> [(module: String, line: Int, column: Int)] {
        guard let file = files[path] else { return [] }
        return file.tree.statements.compactMap { item in
            guard let declaration = item.item.as(ImportDeclSyntax.self), let module = declaration.path.first?.name.text
            else { return nil }
            let (line, column) = position(of: declaration, in: path)
            return (module, line, column)
        }
    }

    func position(of node: some SyntaxProtocol, in path: String) -> (line: Int, column: Int) {
        guard let file = files[path] else { return (1, 1) }
        return file.map.location(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    /// What is wrong with a file's syntax, as issues: its first syntax error, and a cut for too-deep nesting.
    func syntaxIssues(of path: String, dialect: ManifestDialect = .tuist) -> [ProjectIssue] {
        guard let file = files[path] else { return [] }
        var issues: [ProjectIssue] = []
        if let error = SyntaxErrorLocator.firstError(in: file.tree) {
            let (line, column) = position(of: error, in: path)
            let message = switch dialect {
            case .package: "Package.swift has a syntax error here; archlint read what it could. Fix the manifest (or check "
                + "it with `swift package dump-package`)"
            case .tuist: "\(path.split(separator: "/").last ?? "") has a syntax error here; archlint read what it could, and "
                + "declarations after it may be missing from the module graph. Fix the file (`tuist generate` reports the "
                + "same error)"
            }
            issues.append(ProjectIssue(file: path, message: message, line: line, column: column))
        }
        if let cut = file.cut {
            let message = switch dialect {
            case .package:
                "archlint skipped \(cut.line == cut.lastLine ? "part of line \(cut.line)" : "lines \(cut.line)-\(cut.lastLine)") "
                    + "of this manifest: \(cut.reason) here; anything declared there is missing from the module graph. "
                    + ManifestBudget.advice
            case .tuist: "archlint skipped part of this file: \(cut.reason) here; anything declared there is missing from "
                + "the module graph. Simplify this part of the file"
            }
            issues.append(ProjectIssue(file: path, message: message, line: cut.line, column: cut.column))
        }
        return issues
    }
}
