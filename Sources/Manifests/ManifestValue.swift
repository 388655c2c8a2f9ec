import ArchlintModel
import SyntaxSupport

/// What an expression is read as: the declaration kinds of a manifest, or a plain string (a name, a path).
enum ValueKind: Hashable {
    case target, product, packageDependency, targetDependency, string

    /// The type names whose static members an implicit `.member` may refer to, in this context.
    var contextTypes: [String] {
        switch self {
        case .target: ["Target"]
        case .product: ["Product"]
        case .packageDependency: ["Package.Dependency"]
        case .targetDependency: ["Target.Dependency"]
        case .string: ["String"]
        }
    }

    /// Plural noun for messages.
    var plural: String {
        switch self {
        case .target: "targets"
        case .product: "products"
        case .packageDependency: "package dependencies"
        case .targetDependency: "target dependencies"
        case .string: "names"
        }
    }
}

/// A string read from the manifest, with where it was written and under which condition it applies.
struct StringValue: Hashable {
    var text: String
    var condition: String?
    var line: Int
    var column: Int
}

/// One evaluated element.
enum ManifestValue: Hashable {
    case target(TargetDecl)
    case product(ProductDecl)
    case packageDependency(PackageDependencyDecl)
    case targetDependency(TargetDependencyDecl)
    case string(StringValue)

    /// The same value, applying only when `condition` also holds.
    func requiring(_ condition: String?) -> ManifestValue {
        guard let condition else { return self }
        switch self {
        case .target(var value):
            value.condition = ConditionText.and(condition, value.condition)
            return .target(value)
        case .product(var value):
            value.condition = ConditionText.and(condition, value.condition)
            return .product(value)
        case .packageDependency(var value):
            value.condition = ConditionText.and(condition, value.condition)
            return .packageDependency(value)
        case .targetDependency(var value):
            value.condition = ConditionText.and(condition, value.condition)
            return .targetDependency(value)
        case .string(var value):
            value.condition = ConditionText.and(condition, value.condition)
            return .string(value)
        }
    }

    /// The same value, declared at another place (a helper's call site).
    func located(line: Int, column: Int) -> ManifestValue {
        switch self {
        case .target(var value):
            (value.line, value.column) = (line, column)
            return .target(value)
        case .product(var value):
            (value.line, value.column) = (line, column)
            return .product(value)
        case .packageDependency(var value):
            (value.line, value.column) = (line, column)
            return .packageDependency(value)
        case .targetDependency(var value):
            (value.line, value.column) = (line, column)
            return .targetDependency(value)
        case .string(var value):
            (value.line, value.column) = (line, column)
            return .string(value)
        }
    }

    var string: StringValue? {
        if case .string(let value) = self { return value }
        return nil
    }
}

/// The result of evaluating an expression: every value it may have (all branches), and whether anything in it
/// could not be resolved (then a `ProjectIssue` says where).
struct Evaluation {
    var values: [ManifestValue] = []
    var isComplete = true

    static let unresolved = Evaluation(values: [], isComplete: false)

    mutating func append(_ other: Evaluation) {
        values += other.values
        isComplete = isComplete && other.isComplete
    }

    func requiring(_ condition: String?) -> Evaluation {
        guard condition != nil else { return self }
        return Evaluation(values: values.map { $0.requiring(condition) }, isComplete: isComplete)
    }

    var strings: [StringValue] { values.compactMap(\.string) }
}
