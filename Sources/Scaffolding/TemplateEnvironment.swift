import Foundation
import Stencil

/// The Stencil environment `new component` renders with: Stencil 0.15's language, within a `TemplateBudget`.
/// Stencil itself has no limits (a template including itself overflows the stack, `1...2000000000` allocates
/// 16 GB, nested loops run for hours), so:
/// - its loader (`BudgetedLoader`) checks each template's text and tags before Stencil parses them
///   (`TemplateShape`), and lexes each template once;
/// - the tags that repeat work (`for`, `include`, `extends`, `block`) and the filters whose output can outgrow
///   their input (`indent`, `join`, `split`, `filter`) are registered in place of Stencil's own, charging the
///   budget as they go (`TemplateTags`, `TemplateFilters`).
///
/// One environment renders one template (with what it includes): its budget is that render's.
enum TemplateEnvironment {
    static func render(
        _ name: String, context: [String: Any], templates: [String: String], budget: TemplateBudget = .standard
    ) throws -> String {
        let spending = TemplateSpending(budget: budget)
        let budgeted = Extension()
        budgeted.registerTag("for") { try BudgetedForNode.parse($0, token: $1, spending: spending) }
        budgeted.registerTag("include") { try BudgetedIncludeNode.parse($0, token: $1, spending: spending) }
        budgeted.registerTag("extends") { try BudgetedExtendsNode.parse($0, token: $1, spending: spending) }
        budgeted.registerTag("block") { try BudgetedBlockNode.parse($0, token: $1, spending: spending) }
        TemplateFilters.register(in: budgeted, spending: spending)
        // The environment searches its extensions in order, Stencil's own last: these replace its tags and filters.
        let environment = Environment(
            loader: BudgetedLoader(templates: templates, spending: spending), extensions: [budgeted],
            trimBehaviour: .smart)
        let text = try environment.renderTemplate(name: name, context: context)
        try spending.charge(output: text, at: nil)
        return text
    }
}

/// Templates by name, each checked (`TemplateShape`) and lexed once, however often it is included.
final class BudgetedLoader: Loader, CustomStringConvertible {
    let templates: [String: String]
    let spending: TemplateSpending
    private var loaded: [String: Template] = [:]

    init(templates: [String: String], spending: TemplateSpending) {
        self.templates = templates
        self.spending = spending
    }

    var description: String {
        "the templates of `new component` (" + templates.keys.sorted().joined(separator: ", ") + ")"
    }

    func loadTemplate(name: String, environment: Environment) throws -> Template {
        if let template = loaded[name] { return template }
        guard let text = templates[name] else {
            throw TemplateDoesNotExist(templateNames: [name], loader: self)
        }
        try TemplateShape.checkText(text, name: name, budget: spending.budget)
        let template = environment.templateClass.init(templateString: text, environment: environment, name: name)
        try TemplateShape.checkTokens(template.tokens, spending: spending)
        loaded[name] = template
        return template
    }
}

/// What a template may look like before Stencil parses it: Stencil's lexer and parser are quadratic in a
/// template's size, tags and lines, and recursive in nested tags, `if` expressions and subscripts.
enum TemplateShape {
    /// The tags that open a body Stencil parses recursively, and those that close one. `extends` parses the rest of
    /// its template as its body.
    static let opening: Set<String> = ["for", "if", "ifnot", "filter", "block", "extends"]
    static let closing: Set<String> = ["endfor", "endif", "endfilter", "endblock"]
    /// The tags whose words Stencil reads as an expression, where a range would be made into an array.
    static let expressions: Set<String> = ["if", "ifnot", "elif"]

    static func checkText(_ text: String, name: String, budget: TemplateBudget) throws {
        let bytes = text.utf8
        if bytes.count > budget.templateBytes {
            throw TemplateShapeError(name: name, "is larger than \(TemplateSpending.size(budget.templateBytes))")
        }
        var lines = 1, tags = 0
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { lines += 1 }
            if previous == UInt8(ascii: "{"),
               byte == UInt8(ascii: "{") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "#") {
                tags += 1
                previous = 0
                continue
            }
            previous = byte
        }
        if lines > budget.templateLines {
            throw TemplateShapeError(name: name, "has more than \(budget.templateLines) lines")
        }
        if tags > budget.templateTags {
            throw TemplateShapeError(name: name, "has more than \(budget.templateTags) tags and variables")
        }
    }

    /// Checks the lexed tokens, and notes each `for` tag's body size in `spending.loopBodyBytes`.
    static func checkTokens(_ tokens: [Token], spending: TemplateSpending) throws {
        let budget = spending.budget
        var open: [(tag: String, token: Token, bytesBefore: Int)] = []
        var bytes = 0
        for token in tokens {
            bytes += token.contents.utf8.count
            guard token.kind == .block || token.kind == .variable else { continue }
            let words = token.components
            if words.count > budget.tagWords {
                throw TemplateSyntaxError(
                    reason: "a tag of more than \(budget.tagWords) words is over archlint's budget for templates",
                    token: token)
            }
            if subscriptNesting(token.contents) > budget.subscriptNesting {
                throw TemplateSyntaxError(
                    reason: "subscripts nest deeper than \(budget.subscriptNesting) (`a[b[c]]`): the template is over "
                        + "archlint's budget for templates", token: token)
            }
            // A loop's label comes before its tag (`outer: for x in xs`).
            let labelled = words.first?.hasSuffix(":") == true && words.count >= 2
            let tag = (labelled ? words.dropFirst().first : words.first) ?? ""
            let tagIndex = labelled ? 1 : 0
            // Words read as expressions: a variable's; a condition's; a loop's after `for x in SEQUENCE where`.
            let expression = token.kind == .variable ? words[...]
                : expressions.contains(tag) ? words.dropFirst(tagIndex + 1)
                : tag == "for" ? words.dropFirst(tagIndex + 5) : []
            if let range = expression.first(where: { $0.contains("...") }) {
                throw TemplateSyntaxError(
                    reason: "a range (`\(range)`) may only be the sequence of a `for` loop", token: token)
            }
            guard token.kind == .block else { continue }
            if opening.contains(tag) {
                open.append((tag, token, bytes))
                if open.count > budget.tagNesting {
                    throw TemplateSyntaxError(
                        reason: "tags nest deeper than \(budget.tagNesting): the template is over archlint's budget "
                            + "for templates", token: token)
                }
            } else if closing.contains(tag), let last = open.last, last.tag != "extends" {
                open.removeLast()
                if last.tag == "for" { spending.loopBodyBytes[ObjectIdentifier(last.token)] = bytes - last.bytesBefore }
            }
        }
    }

    /// How deep `[` nest in a variable's text.
    static func subscriptNesting(_ text: String) -> Int {
        var depth = 0, deepest = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "[") {
                depth += 1
                deepest = max(deepest, depth)
            } else if byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            }
        }
        return deepest
    }
}

/// A template whose text is over the budget before Stencil reads it.
struct TemplateShapeError: Error, CustomStringConvertible {
    let name: String
    let problem: String

    init(name: String, _ problem: String) {
        self.name = name
        self.problem = problem
    }

    var description: String {
        "the template '\(name)' \(problem), over archlint's budget for templates"
    }
}
