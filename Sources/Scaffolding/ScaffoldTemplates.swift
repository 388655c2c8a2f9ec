import ArchlintModel
import Foundation
import Stencil
import SystemSupport

/// The Stencil templates `new component` renders: the built-in ones (Templates/*.stencil, compiled in), each
/// replaced by `<root>/.archlint/templates/<name>.stencil` when a team keeps its own.
public struct ScaffoldTemplates: Sendable {
    /// The folder, relative to the analysed root, whose `<name>.stencil` files replace the built-in templates.
    public static let overrideFolder = ".archlint/templates"
    /// A team's template larger than this is refused (it is read whole).
    static let maximumOverrideBytes = 1 << 20

    /// Template name → Stencil text, overrides applied.
    public let texts: [String: String]
    /// The names a team's folder replaced, sorted.
    public let overridden: [String]

    public init(texts: [String: String] = EmbeddedTemplates.templates, overridden: [String] = []) {
        self.texts = texts
        self.overridden = overridden
    }

    /// The built-in templates with the root's overrides applied. A file there whose name is no template's is an
    /// error, so a misspelt override never silently does nothing.
    /// Read through `fileGuard`: a folder or a file leading outside the root is refused, never read.
    public static func load(root: String, fileGuard: FileGuard? = nil) throws(ScaffoldError) -> ScaffoldTemplates {
        let fileGuard = fileGuard ?? FileGuard(root: root)
        let folder = URL(fileURLWithPath: root).appendingPathComponent(overrideFolder)
        let entries: [String]
        switch fileGuard.directoryEntries(folder.path) {
        case .success(let names?): entries = names
        case .success(nil): return ScaffoldTemplates()
        case .failure(let failure):
            throw ScaffoldError("\(overrideFolder) \(failure.reason.dropFirst(3)). Keep the templates in the repository.")
        }
        var texts = EmbeddedTemplates.templates
        var overridden: [String] = []
        for entry in entries.sorted() where entry.hasSuffix(".stencil") {
            let name = String(entry.dropLast(".stencil".count))
            let path = "\(overrideFolder)/\(entry)"
            guard texts[name] != nil else {
                throw ScaffoldError(
                    "\(path): no built-in template is named '\(name)'. Templates: "
                        + EmbeddedTemplates.templates.keys.sorted().joined(separator: ", ") + ". Rename or remove the file.")
            }
            let url = folder.appendingPathComponent(entry)
            // A regular file inside the repository only: a FIFO would block the read.
            let read = fileGuard.read(url.path, limit: maximumOverrideBytes)
            if case .failure(let failure) = read, failure.isOutsideRoot {
                throw ScaffoldError("\(path) \(failure.reason.dropFirst(3)). Keep the templates in the repository.")
            }
            guard case .success(let bytes) = read, let text = String(bytes: bytes, encoding: .utf8) else {
                throw ScaffoldError("\(path) is not a regular file of UTF-8 text of at most 1 MiB.")
            }
            texts[name] = text
            overridden.append(name)
        }
        return ScaffoldTemplates(texts: texts, overridden: overridden)
    }

    /// Renders one template, within `TemplateBudget.standard`. A template error (a budget exceeded among them)
    /// names the template, and the override file when it is one, with the line of the construct at fault.
    public func render(_ name: String, _ context: [String: Any]) throws(ScaffoldError) -> String {
        do {
            return try TemplateEnvironment.render(name, context: context, templates: texts)
        } catch {
            var message = "\(source(of: name)) doesn't render: \(error)"
            // The innermost construct: an included template's error keeps the include in its stack trace.
            if let syntax = error as? TemplateSyntaxError, let token = syntax.stackTrace.first ?? syntax.token,
               let template = token.sourceMap.filename, token.sourceMap.location.lineNumber > 0 {
                message += " (line \(token.sourceMap.location.lineNumber)"
                    + (template == name ? ")" : " of \(source(of: template)))")
            }
            throw ScaffoldError(message)
        }
    }

    /// How a message names a template: its override file, or the built-in one.
    func source(of name: String) -> String {
        overridden.contains(name) ? "\(Self.overrideFolder)/\(name).stencil" : "built-in template '\(name)'"
    }
}
