import Foundation
import Stencil

// The filters whose output can outgrow their input, registered in place of Stencil's own (`TemplateEnvironment`)
// with the same arguments and results, each checking what it would make against the budget before making it.
enum TemplateFilters {
    static func register(in budgeted: Extension, spending: TemplateSpending) {
        budgeted.registerFilter("indent") { value, arguments in try indent(value, arguments, spending) }
        budgeted.registerFilter("join") { value, arguments in try join(value, arguments, spending) }
        budgeted.registerFilter("split") { value, arguments in try split(value, arguments) }
        budgeted.registerFilter("filter") { value, arguments, context in try filter(value, arguments, context, spending) }
    }

    /// `indent[:width[,text[,first]]]`: every line but the first (and the first too with `first`) after `text`
    /// repeated `width` times (4 spaces by default); empty lines stay empty.
    static func indent(_ value: Any?, _ arguments: [Any?], _ spending: TemplateSpending) throws -> Any? {
        guard arguments.count <= 3 else {
            throw TemplateSyntaxError("'indent' filter can take at most 3 arguments")
        }
        var width = 4
        if let argument = arguments.first {
            guard let value = argument as? Int else {
                throw TemplateSyntaxError("'indent' filter width argument must be an Integer (\(String(describing: argument)))")
            }
            width = value
        }
        var unit = " "
        if arguments.count > 1 {
            guard let value = arguments[1] as? String else {
                throw TemplateSyntaxError(
                    "'indent' filter indentation argument must be a String (\(String(describing: arguments[1])))")
            }
            unit = value
        }
        var indentFirst = false
        if arguments.count > 2 {
            guard let value = arguments[2] as? Bool else {
                throw TemplateSyntaxError("'indent' filter indentFirst argument must be a Bool")
            }
            indentFirst = value
        }
        let limit = spending.budget.indentation
        guard width >= 0, width <= limit, width * unit.count <= limit else {
            throw spending.exceeded(
                "'indent' makes an indentation of at most \(limit) characters (width \(width) of \(unit.count)-character "
                    + "text)", at: nil)
        }
        let indentation = String(repeating: unit, count: width)
        let text = stringify(value)
        guard !indentation.isEmpty else { return text }
        var lines = text.components(separatedBy: .newlines)
        let indented = lines.dropFirst().filter { !$0.isEmpty }.count + (indentFirst ? 1 : 0)
        let (added, overflow) = indented.multipliedReportingOverflow(by: indentation.utf8.count)
        guard !overflow, spending.fits(outputBytes: text.utf8.count + added) else {
            throw spending.exceeded(
                "'indent' would write more than \(TemplateSpending.size(spending.budget.outputBytes)) of text", at: nil)
        }
        let first = (indentFirst ? indentation : "") + lines.removeFirst()
        let result = ([first] + lines.map { $0.isEmpty ? "" : indentation + $0 }).joined(separator: "\n")
        try spending.charge(output: result, at: nil)
        return result
    }

    /// `join[:separator]`: an array's elements as text, separated (nothing by default); anything else unchanged.
    static func join(_ value: Any?, _ arguments: [Any?], _ spending: TemplateSpending) throws -> Any? {
        guard arguments.count < 2 else {
            throw TemplateSyntaxError("'join' filter takes at most one argument")
        }
        let separator = stringify(arguments.first ?? "")
        guard let array = value as? [Any] else { return value }
        let texts = array.map(stringify)
        let size = texts.reduce(0) { $0 + $1.utf8.count } + max(0, texts.count - 1) * separator.utf8.count
        guard spending.fits(outputBytes: size) else {
            throw spending.exceeded(
                "'join' would write more than \(TemplateSpending.size(spending.budget.outputBytes)) of text", at: nil)
        }
        let result = texts.joined(separator: separator)
        try spending.charge(output: result, at: nil)
        return result
    }

    /// `split[:separator]`: text as an array of its parts (split at spaces by default); anything else unchanged.
    /// An empty separator splits nothing (Stencil's own leaves that to Foundation).
    static func split(_ value: Any?, _ arguments: [Any?]) throws -> Any? {
        guard arguments.count < 2 else {
            throw TemplateSyntaxError("'split' filter takes at most one argument")
        }
        let separator = stringify(arguments.first ?? " ")
        guard let text = value as? String else { return value }
        guard !separator.isEmpty else { return [text] }
        return text.components(separatedBy: separator)
    }

    /// `filter:NAME`: the value through the filter expression NAME (`value|filter:"indent:2"`), which can name
    /// `filter` again: that nesting is what is budgeted.
    static func filter(
        _ value: Any?, _ arguments: [Any?], _ context: Context, _ spending: TemplateSpending
    ) throws -> Any? {
        guard let value else { return nil }
        guard arguments.count == 1 else {
            throw TemplateSyntaxError("'filter' filter takes one argument")
        }
        let expression = try context.environment.compileFilter("$0|\(stringify(arguments[0]))")
        return try spending.filtering(at: nil) {
            try context.push(dictionary: ["$0": value]) { try expression.resolve(context) }
        }
    }

    /// A value as Stencil writes it: text as itself, an array as its description (optionals unwrapped), anything
    /// describable by its description, else nothing.
    static func stringify(_ value: Any?) -> String {
        switch value {
        case let text as String: text
        case let array as [Any?]: unwrapped(array).description
        case let describable as CustomStringConvertible: describable.description
        case let object as NSObject: object.description
        default: ""
        }
    }

    private static func unwrapped(_ array: [Any?]) -> [Any] {
        array.map { item -> Any in
            guard let item else { return item as Any }
            return (item as? [Any?]).map(unwrapped) ?? item
        }
    }
}
