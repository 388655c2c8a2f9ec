import Foundation
import Stencil

/// What one render of a template may spend, templates it includes or extends counted in. A repository ships its
/// own templates (`.archlint/templates`), so a template is untrusted input: past any of these it is a template
/// error, never a crash, a hang or unbounded memory (see `TemplateEnvironment`).
public struct TemplateBudget: Sendable {
    /// Bytes of one template's text. Stencil's lexer is quadratic in it (it copies the rest of the text at each tag
    /// and searches the whole text for each line).
    public var templateBytes = 64 << 10
    /// Lines of one template's text.
    public var templateLines = 2_000
    /// Tags, variables and comments in one template (`{%`, `{{`, `{#`); Stencil's parser is quadratic in them.
    public var templateTags = 2_000
    /// Block tags open inside one another in one template (`for`, `if`, `filter`, `block`, `extends`): Stencil
    /// parses them recursively.
    public var tagNesting = 32
    /// Words in one tag or variable: Stencil parses `if` expressions recursively.
    public var tagWords = 64
    /// Subscripts inside one another in one variable (`a[b[c]]`): Stencil resolves them recursively.
    public var subscriptNesting = 8
    /// `include` and `extends` open inside one another: a template that includes or extends itself ends here.
    public var templateNesting = 16
    /// `include`s and `extends` in all (each renders a template again).
    public var templateRenders = 256
    /// Loop iterations in all, nested loops counted at each level.
    public var loopIterations = 20_000
    /// Template text the loops render in all: each iteration charges the source bytes of its loop's body, so a
    /// large body run many times ends here even when it writes nothing.
    public var loopTextBytes = 32 << 20
    /// Text the template writes: what every loop iteration, include, block and filter produced, charged where it
    /// was produced (a nested construct's text counts at each level) and the result itself.
    public var outputBytes = 4 << 20
    /// The indentation `indent` makes (its width times its text), and how deep `filter` filters nest.
    public var indentation = 1_024
    public var filterNesting = 8
    /// The time one render may take, a backstop behind the counts above.
    public var seconds: Double = 5

    public init() {}

    public static let standard = TemplateBudget()
}

/// A budget being spent by one render. Every count goes up only; a charge past the budget throws a
/// `TemplateSyntaxError` at the construct that spent it.
final class TemplateSpending {
    let budget: TemplateBudget
    private let deadline: Date
    private(set) var templateDepth = 0
    private var templateRenders = 0
    private var iterations = 0
    private var loopText = 0
    private var output = 0
    private(set) var filterDepth = 0
    /// The source bytes of each `for` tag's body, by the tag's token (`TemplateShape`).
    var loopBodyBytes: [ObjectIdentifier: Int] = [:]

    init(budget: TemplateBudget) {
        self.budget = budget
        deadline = Date(timeIntervalSinceNow: budget.seconds)
    }

    /// Runs `body` one `include`/`extends` deeper, and charges what it wrote.
    func nested(at token: Token?, _ body: () throws -> String) throws -> String {
        templateRenders += 1
        guard templateRenders <= budget.templateRenders else {
            throw exceeded("includes and extends render more than \(budget.templateRenders) templates", at: token)
        }
        guard templateDepth < budget.templateNesting else {
            throw exceeded(
                "includes and extends nest deeper than \(budget.templateNesting) templates (does a template include or "
                    + "extend itself?)", at: token)
        }
        templateDepth += 1
        defer { templateDepth -= 1 }
        let text = try body()
        try charge(output: text, at: token)
        return text
    }

    /// Runs a `filter` filter one level deeper.
    func filtering<T>(at token: Token?, _ body: () throws -> T) throws -> T {
        guard filterDepth < budget.filterNesting else {
            throw exceeded("`filter` filters nest deeper than \(budget.filterNesting)", at: token)
        }
        filterDepth += 1
        defer { filterDepth -= 1 }
        return try body()
    }

    /// One loop iteration, whose body is `bodyBytes` of template text.
    func iterate(bodyBytes: Int, at token: Token?) throws {
        iterations += 1
        loopText += bodyBytes
        guard iterations <= budget.loopIterations else {
            throw exceeded("loops run more than \(budget.loopIterations) times in all", at: token)
        }
        guard loopText <= budget.loopTextBytes else {
            throw exceeded("loops render more than \(Self.size(budget.loopTextBytes)) of template text in all", at: token)
        }
        try checkTime(at: token)
    }

    /// Text a construct produced.
    func charge(output text: String, at token: Token?) throws {
        try charge(outputBytes: text.utf8.count, at: token)
    }

    func charge(outputBytes count: Int, at token: Token?) throws {
        output += count
        guard output <= budget.outputBytes else {
            throw exceeded("the template writes more than \(Self.size(budget.outputBytes)) of text", at: token)
        }
        try checkTime(at: token)
    }

    /// Whether `count` more bytes of output still fit (a filter asks before it builds its result).
    func fits(outputBytes count: Int) -> Bool {
        count <= budget.outputBytes - output
    }

    func checkTime(at token: Token?) throws {
        guard Date() < deadline else {
            throw exceeded("rendering takes longer than \(Int(budget.seconds)) s", at: token)
        }
    }

    func exceeded(_ what: String, at token: Token?) -> TemplateSyntaxError {
        TemplateSyntaxError(reason: "\(what): the template is over archlint's budget for templates", token: token)
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB"
            : bytes >= 1 << 10 && bytes % (1 << 10) == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}
