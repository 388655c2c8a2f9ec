import Foundation

/// What a NeedleGenerated.swift written by needle's generator says about one app: for every root → component
/// path with dependencies, which ancestor provides each property. Read from the generated text, which is
/// machine-written and regular: provider classes (`var name: Type {` / `return someComponent.name` and
/// `private let someComponent: SomeComponent`), each closed by a `}` in column 0, then a `/// ^->Root->…->Leaf`
/// comment above the factory that builds a provider (`return XProvider(…)`), or, from older generators, above
/// `private class XProvider: XBaseProvider {`.
struct NeedleGeneratedFile {
    struct Resolution: Hashable, Comparable, CustomStringConvertible {
        var path: [String]
        var property: String
        var type: String
        var provider: String

        var description: String { "\(path.joined(separator: "->")).\(property): \(type) <- \(provider)" }
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
    }

    private struct ProviderClass {
        var properties: [(name: String, type: String, variable: String)] = []
        var variableTypes: [String: String] = [:]
    }

    private(set) var resolutions: Set<Resolution> = []

    private mutating func emit(path: [String], providerClass: ProviderClass) {
        for property in providerClass.properties {
            resolutions.insert(Resolution(
                path: path, property: property.name, type: property.type,
                provider: providerClass.variableTypes[property.variable] ?? property.variable))
        }
    }

    init(text: String) {
        var classes: [String: ProviderClass] = [:]
        var openClass: String?
        var openProperty: (name: String, type: String)?
        var pendingPath: [String]?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let name = openClass {
                if rawLine.hasPrefix("}") {
                    openClass = nil
                } else if line.hasPrefix("var "), line.hasSuffix("{"), let colon = line.firstIndex(of: ":") {
                    openProperty = (
                        String(line[line.index(line.startIndex, offsetBy: 4)..<colon]),
                        line[line.index(after: colon)...].dropLast().trimmingCharacters(in: .whitespaces))
                } else if line.hasPrefix("return "), let property = openProperty {
                    // `return loggedInComponent.x`, or for a pluginized ancestor
                    // `return (loggedInComponent.nonCoreComponent as! X).x`: the first identifier names the ancestor.
                    let variable = String(line.dropFirst("return ".count).drop { $0 == "(" }
                        .prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    classes[name, default: ProviderClass()].properties.append((property.name, property.type, variable))
                    openProperty = nil
                } else if line.hasPrefix("private let ") {
                    let parts = line.dropFirst("private let ".count).split(separator: ":", maxSplits: 1)
                    if parts.count == 2 {
                        classes[name, default: ProviderClass()].variableTypes[parts[0].trimmingCharacters(in: .whitespaces)] =
                            parts[1].trimmingCharacters(in: .whitespaces)
                    }
                }
            } else if line.hasPrefix("private class "), line.hasSuffix("{") {
                let declaration = line.dropFirst("private class ".count).dropLast()
                    .split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
                openClass = declaration.first
                // Older generators: the path comment stands above `XProvider: XBaseProvider`, whose base class
                // holds the properties.
                if let path = pendingPath, declaration.count == 2 {
                    emit(path: path, providerClass: classes[declaration[1]] ?? ProviderClass())
                    pendingPath = nil
                }
            } else if line.hasPrefix("/// ^->") {
                pendingPath = line.dropFirst("/// ^->".count).split(separator: "->").map(String.init)
            } else if let path = pendingPath, line.hasPrefix("return "), let call = line.range(of: "Provider(") {
                let name = String(line[line.index(line.startIndex, offsetBy: 7)..<call.lowerBound]) + "Provider"
                emit(path: path, providerClass: classes[name] ?? ProviderClass())
                pendingPath = nil
            }
        }
    }
}
