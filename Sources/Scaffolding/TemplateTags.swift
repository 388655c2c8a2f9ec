import Foundation
import Stencil

// The tags that repeat work, registered in place of Stencil's own (`TemplateEnvironment`): `for` charges each
// iteration, `include` and `extends` each nested template. Their syntax and output are Stencil 0.15's.

/// `{% [label:] for a[, b] in SEQUENCE [where CONDITION] %}…[{% empty %}…]{% endfor %}`. A range `from...to` is
/// walked without being made into an array (Stencil's own makes one, which aborts on `1...2000000000`).
final class BudgetedForNode: NodeType {
    enum Sequence {
        case range(from: Resolvable, to: Resolvable)
        case value(Resolvable)
    }

    let sequence: Sequence
    let loopVariables: [String]
    let nodes: [NodeType]
    let emptyNodes: [NodeType]
    let condition: Stencil.Expression?
    let label: String?
    let token: Token?
    let bodyBytes: Int
    let spending: TemplateSpending

    static func parse(_ parser: TokenParser, token: Token, spending: TemplateSpending) throws -> NodeType {
        var components = token.components
        var label: String?
        if components.first?.hasSuffix(":") == true {
            label = String(components.removeFirst().dropLast())
        }
        guard components.count >= 4, components[2] == "in",
              components.count == 4 || (components.count > 5 && components[4] == "where")
        else {
            throw TemplateSyntaxError("'for' statements should use the syntax: `for <x> in <y> [where <condition>]`.")
        }
        let loopVariables = components[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let bounds = components[3].components(separatedBy: "...")
        let sequence: Sequence = bounds.count == 2
            ? .range(from: try parser.compileFilter(bounds[0], containedIn: token),
                     to: try parser.compileFilter(bounds[1], containedIn: token))
            : .value(try parser.compileFilter(components[3], containedIn: token))
        let condition = components.count > 5
            ? try parser.compileExpression(components: Array(components[5...]), token: token) : nil

        let nodes = try parser.parse(until(["endfor", "empty"]))
        guard let end = parser.nextToken() else {
            throw TemplateSyntaxError("`endfor` was not found.")
        }
        var emptyNodes: [NodeType] = []
        if end.contents == "empty" {
            emptyNodes = try parser.parse(until(["endfor"]))
            _ = parser.nextToken()
        }
        return BudgetedForNode(
            sequence: sequence, loopVariables: loopVariables, nodes: nodes, emptyNodes: emptyNodes,
            condition: condition, label: label, token: token,
            bodyBytes: spending.loopBodyBytes[ObjectIdentifier(token)] ?? token.contents.utf8.count, spending: spending)
    }

    private init(
        sequence: Sequence, loopVariables: [String], nodes: [NodeType], emptyNodes: [NodeType],
        condition: Stencil.Expression?, label: String?, token: Token, bodyBytes: Int, spending: TemplateSpending
    ) {
        self.sequence = sequence
        self.loopVariables = loopVariables
        self.nodes = nodes
        self.emptyNodes = emptyNodes
        self.condition = condition
        self.label = label
        self.token = token
        self.bodyBytes = max(1, bodyBytes)
        self.spending = spending
    }

    func render(_ context: Context) throws -> String {
        var values = try resolve(context)
        if let condition {
            var kept: [Any] = []
            for index in 0..<values.count {
                // Evaluating the condition is an iteration too: `where` walks the whole sequence.
                try spending.iterate(bodyBytes: 1, at: token)
                let item = values[index]
                if try push(item, context, { try condition.evaluate(context: context) }) { kept.append(item) }
            }
            values = .array(kept)
        }
        guard values.count > 0 else {
            return try context.push { try renderNodes(emptyNodes, context) }
        }
        // Labelled loops around this one stay visible as `forloop.<label>`.
        let enclosingLabelled = (context["forloop"] as? [String: Any])?
            .filter { ($0.value as? [String: Any])?["label"] != nil } ?? [:]
        var result = ""
        for index in 0..<values.count {
            try spending.iterate(bodyBytes: bodyBytes, at: token)
            var loop: [String: Any] = [
                "first": index == 0, "last": index == values.count - 1, "counter": index + 1, "counter0": index,
                "length": values.count,
            ]
            if let label {
                loop["label"] = label
                loop[label] = loop
            }
            loop.merge(enclosingLabelled) { own, _ in own }
            var stops = false
            let text = try context.push(dictionary: ["forloop": loop]) { () throws -> String in
                defer {
                    // `continue LABEL` of an enclosing loop, or a `break`, ends this loop (as in Stencil).
                    if let continued = context[Self.continueKey] as? String {
                        stops = continued != label || label == nil
                    } else {
                        stops = context[Self.breakKey] != nil
                    }
                }
                return try push(values[index], context) { try renderNodes(nodes, context) }
            }
            try spending.charge(output: text, at: token)
            result += text
            if stops { break }
        }
        return result
    }

    /// The keys Stencil's `break` and `continue` set in the loop's context.
    static let breakKey = "_internal_forloop_break"
    static let continueKey = "_internal_forloop_continue"

    /// What a loop walks: an array, or a range never made into one.
    enum Values {
        case array([Any])
        case range(ClosedRange<Int>, reversed: Bool)

        var count: Int {
            switch self {
            case .array(let values): values.count
            case .range(let range, _): range.count
            }
        }

        subscript(index: Int) -> Any {
            switch self {
            case .array(let values): values[index]
            case .range(let range, let reversed): reversed ? range.upperBound - index : range.lowerBound + index
            }
        }
    }

    private func resolve(_ context: Context) throws -> Values {
        switch sequence {
        case .range(let from, let to):
            let lower = try Self.integer(from.resolve(context), "from")
            let upper = try Self.integer(to.resolve(context), "to")
            // The count of a range of more than Int.max values traps: such a range is over any budget anyway.
            let span = max(lower, upper).subtractingReportingOverflow(min(lower, upper))
            guard !span.overflow, span.partialValue < Int.max else {
                throw spending.exceeded("the range \(lower)...\(upper) is longer than any loop may run", at: token)
            }
            return .range(min(lower, upper)...max(lower, upper), reversed: lower > upper)
        case .value(let resolvable):
            return .array(Self.elements(of: try resolvable.resolve(context)))
        }
    }

    /// A range bound as Stencil reads one: an integer, or a number with an integer value.
    private static func integer(_ value: Any?, _ bound: String) throws -> Int {
        switch value {
        case let int as any BinaryInteger: if let exact = Int(exactly: int) { return exact }
        case let double as Double: if let exact = Int(exactly: double) { return exact }
        case let float as Float: if let exact = Int(exactly: float) { return exact }
        default: break
        }
        throw TemplateSyntaxError("'\(bound)' value is not an Integer (\(value.map { "\($0)" } ?? "nil"))")
    }

    /// The elements a `for` walks over a value, as Stencil's: a dictionary's entries sorted by key, an array, a
    /// struct's or tuple's fields, a class's properties with its superclasses', else nothing.
    private static func elements(of resolved: Any?) -> [Any] {
        if let dictionary = resolved as? [String: Any], !dictionary.isEmpty {
            return dictionary.sorted { $0.key < $1.key }
        } else if let array = resolved as? [Any] {
            return array
        } else if let range = resolved as? ClosedRange<Int> {
            return Array(range)
        } else if let range = resolved as? Range<Int> {
            return Array(range)
        } else if let resolved {
            let mirror = Mirror(reflecting: resolved)
            switch mirror.displayStyle {
            case .struct, .tuple:
                return Array(mirror.children)
            case .class:
                var children = Array(mirror.children)
                var current: Mirror? = mirror
                while let superclass = current?.superclassMirror {
                    children.append(contentsOf: superclass.children)
                    current = superclass
                }
                return children
            default:
                return []
            }
        }
        return []
    }

    /// Runs `body` with the loop variables bound to `value` (a tuple's fields, one per variable, `_` skipped).
    private func push<Result>(_ value: Any, _ context: Context, _ body: () throws -> Result) throws -> Result {
        guard let first = loopVariables.first else { return try context.push { try body() } }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .tuple else {
            return try context.push(dictionary: [first: value]) { try body() }
        }
        guard loopVariables.count <= mirror.children.count else {
            throw TemplateSyntaxError("Tuple '\(value)' has less values than loop variables")
        }
        var bound: [String: Any] = [:]
        for (variable, child) in zip(loopVariables, mirror.children) where variable != "_" {
            bound[variable] = child.value
        }
        return try context.push(dictionary: bound) { try body() }
    }
}

/// `{% include "name" [context] %}`: Stencil's own include, one template deeper.
final class BudgetedIncludeNode: NodeType {
    let include: NodeType
    let token: Token?
    let spending: TemplateSpending

    static func parse(_ parser: TokenParser, token: Token, spending: TemplateSpending) throws -> NodeType {
        // Stencil's tag, parsed alone: an include reads no tokens past its own.
        guard let include = try TokenParser(tokens: [token], environment: Environment()).parse().first else {
            throw TemplateSyntaxError("'include' tag requires one argument, the template file to be included")
        }
        return BudgetedIncludeNode(include: include, token: token, spending: spending)
    }

    private init(include: NodeType, token: Token, spending: TemplateSpending) {
        self.include = include
        self.token = token
        self.spending = spending
    }

    func render(_ context: Context) throws -> String {
        try spending.nested(at: token) { try include.render(context) }
    }
}

/// `{% extends "name" %}` and its `{% block %}`s, as Stencil's (Stencil keeps its block context to itself, so both
/// are here): the base template renders with each block replaced by the extending template's, `block.super` the
/// block it replaced. The base renders one template deeper, and each block's text is charged.
final class BudgetedExtendsNode: NodeType {
    let templateName: Variable
    let blocks: [String: BudgetedBlockNode]
    let token: Token?
    let spending: TemplateSpending

    static func parse(_ parser: TokenParser, token: Token, spending: TemplateSpending) throws -> NodeType {
        let bits = token.components
        guard bits.count == 2 else {
            throw TemplateSyntaxError("'extends' takes one argument, the template file to be extended")
        }
        let nodes = try parser.parse()
        guard !nodes.contains(where: { $0 is BudgetedExtendsNode }) else {
            throw TemplateSyntaxError("'extends' cannot appear more than once in the same template")
        }
        var blocks: [String: BudgetedBlockNode] = [:]
        for case let block as BudgetedBlockNode in nodes { blocks[block.name] = block }
        return BudgetedExtendsNode(templateName: Variable(bits[1]), blocks: blocks, token: token, spending: spending)
    }

    private init(templateName: Variable, blocks: [String: BudgetedBlockNode], token: Token, spending: TemplateSpending) {
        self.templateName = templateName
        self.blocks = blocks
        self.token = token
        self.spending = spending
    }

    func render(_ context: Context) throws -> String {
        guard let name = try templateName.resolve(context) as? String else {
            throw TemplateSyntaxError("'\(templateName.variable)' could not be resolved as a string")
        }
        return try spending.nested(at: token) {
            let base = try context.environment.loadTemplate(name: name)
            let inherited: InheritedBlocks
            if let enclosing = context[InheritedBlocks.key] as? InheritedBlocks {
                inherited = enclosing
                for (name, block) in blocks { inherited.push(block, named: name) }
            } else {
                inherited = InheritedBlocks(blocks)
            }
            do {
                return try context.push(dictionary: [InheritedBlocks.key: inherited]) { try base.render(context) }
            } catch let error as TemplateSyntaxError where error.templateName != token?.sourceMap.filename {
                throw TemplateSyntaxError(
                    reason: error.reason, stackTrace: error.stackTrace + (error.token.map { [$0] } ?? []))
            }
        }
    }
}

/// `{% block name %}…{% endblock %}`.
final class BudgetedBlockNode: NodeType {
    let name: String
    let nodes: [NodeType]
    let token: Token?
    let spending: TemplateSpending

    static func parse(_ parser: TokenParser, token: Token, spending: TemplateSpending) throws -> NodeType {
        let bits = token.components
        guard bits.count == 2 else {
            throw TemplateSyntaxError("'block' tag takes one argument, the block name")
        }
        let nodes = try parser.parse(until(["endblock"]))
        _ = parser.nextToken()
        return BudgetedBlockNode(name: bits[1], nodes: nodes, token: token, spending: spending)
    }

    private init(name: String, nodes: [NodeType], token: Token, spending: TemplateSpending) {
        self.name = name
        self.nodes = nodes
        self.token = token
        self.spending = spending
    }

    func render(_ context: Context) throws -> String {
        if let inherited = context[InheritedBlocks.key] as? InheritedBlocks, let replacement = inherited.pop(name) {
            let scope: [String: Any] = [InheritedBlocks.key: inherited, "block": ["super": try render(context)]]
            do {
                return try context.push(dictionary: scope) { try replacement.render(context) }
            } catch var error as TemplateSyntaxError {
                if error.token == nil, let token = replacement.token {
                    error = TemplateSyntaxError(reason: error.reason, token: token, stackTrace: error.stackTrace)
                }
                throw error
            }
        }
        let text = try renderNodes(nodes, context)
        try spending.charge(output: text, at: token)
        context.cacheBlock(name, content: text)
        return text
    }
}

/// The blocks of the templates extending the one being rendered, nearest first for each name.
final class InheritedBlocks {
    static let key = "block_context"
    private var blocks: [String: [BudgetedBlockNode]]

    init(_ blocks: [String: BudgetedBlockNode]) {
        self.blocks = blocks.mapValues { [$0] }
    }

    func push(_ block: BudgetedBlockNode, named name: String) {
        blocks[name, default: []].append(block)
    }

    func pop(_ name: String) -> BudgetedBlockNode? {
        guard var list = blocks[name], !list.isEmpty else { return nil }
        let first = list.removeFirst()
        blocks[name] = list.isEmpty ? nil : list
        return first
    }
}
