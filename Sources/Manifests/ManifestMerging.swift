import ArchlintModel
import SyntaxSupport

/// Folds the union of all branches into one declaration per name, as the module graph needs unique targets.
enum ManifestMerging {
    /// Targets declared more than once (say in both branches of an `#if`) become one: the first declaration's
    /// kind, path and location; every branch's dependencies (each keeping its branch's condition) and excludes;
    /// unconditional if any declaration is, else the branch conditions joined with ` || `.
    static func mergeTargets(_ targets: [TargetDecl]) -> [TargetDecl] {
        var order: [String] = []
        var byName: [String: [TargetDecl]] = [:]
        for target in targets {
            if byName[target.name] == nil { order.append(target.name) }
            byName[target.name, default: []].append(target)
        }
        return order.map { name in
            let declarations = byName[name]!
            guard declarations.count > 1 else { return declarations[0] }
            var merged = declarations[0]
            merged.condition = anyOf(declarations.map(\.condition))
            merged.dependencies = unique(declarations.flatMap { declaration in
                declaration.dependencies.map { dependency in
                    var dependency = dependency
                    if declaration.condition != merged.condition {
                        dependency.condition = ConditionText.and(declaration.condition, dependency.condition)
                    }
                    return dependency
                }
            })
            merged.exclude = unique(declarations.flatMap(\.exclude))
            let sources = declarations.compactMap(\.sources)
            merged.sources = sources.isEmpty ? nil : unique(sources.flatMap { $0 })
            return merged
        }
    }

    /// Later declarations of a name that can apply together with an earlier one (the same condition, or one of
    /// them unconditional): SwiftPM rejects those. Declarations in exclusive branches (`#if`/`#else`) are fine.
    static func duplicateTargets(_ targets: [TargetDecl]) -> [(duplicate: TargetDecl, first: TargetDecl)] {
        var earlier: [String: [TargetDecl]] = [:]
        var result: [(duplicate: TargetDecl, first: TargetDecl)] = []
        for target in targets {
            let clash = earlier[target.name]?.first { previous in
                previous.condition == nil || target.condition == nil || previous.condition == target.condition
            }
            if let clash { result.append((target, clash)) }
            earlier[target.name, default: []].append(target)
        }
        return result
    }

    /// `nil` (always) when any part is unconditional; else `(A) || (B)`.
    static func anyOf(_ conditions: [String?]) -> String? {
        var parts: [String] = []
        for condition in conditions {
            guard let condition else { return nil }
            if !parts.contains(condition) { parts.append(condition) }
        }
        if parts.count == 1 { return parts[0] }
        return parts.map { "(\($0))" }.joined(separator: " || ")
    }

    static func unique<Element: Hashable>(_ elements: [Element]) -> [Element] {
        var seen: Set<Element> = []
        return elements.filter { seen.insert($0).inserted }
    }
}
