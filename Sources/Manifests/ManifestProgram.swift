import SwiftSyntax

/// An expression as the parser left it: one operand, or an unfolded operator sequence (`a + b`, `c ? x : y`).
/// Kept as the original nodes so every unresolved part can be reported at its own line and column.
struct OperandSequence {
    /// A slice, so that the rest of a long `a ? b : c ? …` chain shares the storage of the whole.
    let elements: ArraySlice<ExprSyntax>

    init(_ expression: ExprSyntax) {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            elements = ArraySlice(sequence.elements)
        } else {
            elements = [expression]
        }
    }

    init(elements: ArraySlice<ExprSyntax>) {
        self.elements = elements
    }

    /// The node to point at when the whole sequence can't be resolved.
    var anchor: ExprSyntax { elements.first! }

    var single: ExprSyntax? { elements.count == 1 ? elements.first : nil }
}

/// One way a name gets its value, in source order: `let x = …`, `x = …`, `x += …`, `x.append(…)`.
struct BindingEntry {
    enum Kind {
        /// An initializer or a plain assignment.
        case value
        /// `append(_:)` / `insert(_:at:)`: one more element.
        case element
        /// `+=`, `append(contentsOf:)`: more elements.
        case contents
        /// A value archlint can't see (a computed body with statements, a removal, …).
        case opaque(reason: String)
    }

    var kind: Kind
    var value: OperandSequence?
    /// The node to point at in messages.
    var node: Syntax
    /// The `#if`/`if` conditions around the statement.
    var condition: String?
    /// A plain assignment made under the same conditions as the declaration replaces earlier values.
    var replacesEarlier: Bool
}

/// A `let`/`var` (global, a static member or the package's own `package.targets`): all its entries.
final class Binding {
    let key: String
    let declarationCondition: String?
    var entries: [BindingEntry] = []

    init(key: String, declarationCondition: String?) {
        self.key = key
        self.declarationCondition = declarationCondition
    }
}

/// A function archlint may expand when its body is a single expression: `static func feature(_ name: String) -> Target`.
struct Callable {
    struct Parameter {
        /// The argument label (`nil` for `_`).
        var label: String?
        /// The name inside the body.
        var name: String
        var defaultValue: ExprSyntax?
        var isVariadic: Bool
    }

    var name: String
    var parameters: [Parameter]
    /// The single expression the body returns; nil when the body has statements.
    var body: ExprSyntax?
    var declaration: Syntax
}

/// Everything the top level of a manifest declares, collected in one pass and evaluated lazily.
struct ManifestProgram {
    /// Globals by name; static members by `Type.member`; the package's own lists by `package.targets`,
    /// `package.products`, `package.dependencies`.
    var bindings: [String: Binding] = [:]
    /// Type names (normalised: `Target.Dependency`) holding a static member, by member name.
    var staticMemberTypes: [String: [String]] = [:]
    /// Global functions by name; static functions by `Type.member`; overloads in declaration order.
    var callables: [String: [Callable]] = [:]
    /// String raw values of enum cases by `Type.case`.
    var enumRawValues: [String: String] = [:]
    /// Enum cases without associated values, as `Type.case`: interpolated, each prints its name.
    var enumCases: Set<String> = []
    /// Types that print their own `description` when interpolated (`CustomStringConvertible`), not a case name.
    var selfDescribingTypes: Set<String> = []
    /// The `Package(...)` call and the name it is bound to (`package`).
    var packageCall: FunctionCallExprSyntax?
    var packageVariable: String?
    var packageCallCondition: String?
    /// Statements archlint does not interpret (loops, functions, `switch`, …): checked for changes to what it reads.
    var opaqueStatements: [Syntax] = []

    static let packageListMembers: Set<String> = ["targets", "products", "dependencies"]

    static func packageKey(_ member: String) -> String { "package.\(member)" }

    func binding(_ key: String) -> Binding? { bindings[key] }
}

/// Normalised spelling of a type: `PackageDescription.Target.Dependency` → `Target.Dependency`.
enum TypeName {
    static func normalized(_ text: String) -> String {
        var result = text.filter { !$0.isWhitespace }
        if result.hasPrefix("PackageDescription.") { result.removeFirst("PackageDescription.".count) }
        return result
    }
}
