/// What a NeedleGenerated.swift says, read from its text in any needle layout from 0.17 to 0.25.1 (and with
/// isolation annotations added): which provider each component path registers and what it reads from which
/// ancestor, and the `NEEDLE_DYNAMIC` key paths. Two files with equal content register the same providers,
/// whatever their order, header, names of helper functions or the needle version that wrote them.
public struct NeedleFileContent: Equatable, Sendable {
    /// Registered path → its provider: `EmptyDependency`, or the Dependency protocol with each property's source
    /// (`name: Type <- Ancestor@level.name`), sorted.
    public var registrations: [String: String] = [:]
    /// Per component: its `keyPathToName`, `localTable` and `extensionToName` entries, sorted.
    public var keyPaths: [String: [String]] = [:]
    /// Pluginized component → what its plugin extension provider reads.
    public var pluginExtensions: [String: String] = [:]
    /// Whether the file has a `NEEDLE_DYNAMIC` section: needle 0.17 and earlier wrote no key paths.
    public var writesKeyPaths = false

    /// What a note says the file holds: its key paths too when its layout writes them.
    public var substance: String {
        writesKeyPaths ? "providers, factories, registrations and key paths" : "providers, factories and registrations"
    }

    public init(_ text: String) {
        // Trimmed, attributes dropped (`@MainActor extension X: Registration {`): indentation and isolation
        // annotations are layout.
        let lines = Self.logicalLines(
            text.split(separator: "\n", omittingEmptySubsequences: false).map { Self.withoutAttributes(Self.trim($0)) })
        var classes: [String: ProviderClass] = [:]
        var factories: [String: (className: String, arguments: String)] = [:]
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if let header = Self.classHeader(line) {
                let end = Self.blockEnd(lines, from: index)
                classes[header.name] = ProviderClass(
                    superclass: header.superclass, body: Array(lines[(index + 1)..<end]))
                index = end
                continue
            }
            if let name = Self.between(line, "func ", "(_ component"), name.hasPrefix("factory"),
               let call = Self.returned(lines, after: index), let open = call.firstIndex(of: "(") {
                factories[name] = (String(call[..<open]), String(call[call.index(after: open)...].dropLast()))
            } else if line.hasPrefix("extension "), line.hasSuffix("{"),
                      line.contains("Registration"), let name = Self.between(line, "extension ", ":") {
                let end = Self.blockEnd(lines, from: index)
                let entries = lines[(index + 1)..<end].compactMap(Self.keyPathEntry)
                keyPaths[name, default: []] += entries
                index = end
                continue
            }
            index += 1
        }

        // A registration counts when `registerProviderFactories()` runs it: in its body (needle ≤ 0.17) or in a
        // `registerN()` helper it calls.
        var enclosing: [Int: String] = [:]
        var called: Set<String> = []
        for (index, line) in lines.enumerated() {
            guard let name = Self.between(line, "func ", "()"), name.hasPrefix("register"), line.hasSuffix("{") else { continue }
            let end = Self.blockEnd(lines, from: index)
            for inner in index..<min(end + 1, lines.count) { enclosing[inner] = name }
            if name == "registerProviderFactories" {
                for inner in index..<min(end + 1, lines.count) {
                    let call = lines[inner]
                    if call.hasPrefix("register"), call.hasSuffix("()"), !call.contains(" ") {
                        called.insert(String(call.dropLast(2)))
                    }
                }
                called.insert(name)
            }
        }
        for (index, line) in lines.enumerated() {
            if let function = enclosing[index], !called.contains(function) { continue }
            if let path = Self.between(line, "registerProviderFactory(\"", "\", "),
               let factory = Self.between(line, "\", ", ")") {
                if factory == "factoryEmptyDependencyProvider" {
                    registrations[path] = Self.empty
                } else if let (className, arguments) = factories[factory] {
                    registrations[path] = Self.describe(className, arguments: arguments, classes: classes)
                } else {
                    registrations[path] = "unknown factory \(factory)"
                }
            } else if let path = Self.between(line, "registerDependencyProviderFactory(for: \"", "\")"),
                      line.hasSuffix("{ component in"), let call = Self.returned(lines, after: index),
                      let open = call.firstIndex(of: "(") {
                // needle ≤ 0.17: a closure per path, its provider a subclass of a base provider.
                let className = String(call[..<open])
                if className == "EmptyDependencyProvider" {
                    registrations[path] = Self.empty
                } else if let derived = classes[className],
                          let arguments = derived.body.lazy.compactMap({ Self.between($0, "super.init(", ")") }).first
                            ?? (derived.body.contains { $0 == "super.init()" } ? "" : nil) {
                    registrations[path] = Self.describe(derived.superclass, arguments: arguments, classes: classes)
                } else {
                    registrations[path] = Self.describe(className, arguments: "", classes: classes)
                }
            } else if let component = Self.between(line, "registerPluginExtensionProviderFactory(for: \"", "\")"),
                      let call = Self.returned(lines, after: index), let open = call.firstIndex(of: "(") {
                let className = String(call[..<open])
                pluginExtensions[component] = classes[className].map { Self.describe($0, holders: [:]) } ?? className
            }
        }
        keyPaths = keyPaths.mapValues { $0.sorted() }
        writesKeyPaths = text.contains("NEEDLE_DYNAMIC")
    }

    // MARK: - Differences

    /// One difference of substance: the sentence, and the text (a quoted path, a component's name) that finds
    /// where the file says it.
    public struct Difference: Sendable, Equatable {
        public var text: String
        public var anchor: String
    }

    /// What differs from another file's content, one sentence each (the registrations first, by path).
    public func differences(from generated: NeedleFileContent) -> [Difference] {
        var result: [Difference] = []
        for path in Set(registrations.keys).union(generated.registrations.keys).sorted() {
            let anchor = "\"\(path)\""
            switch (registrations[path], generated.registrations[path]) {
            case (nil, let new?):
                result.append(Difference(text: "\(path) is not registered; needle would register \(new)", anchor: anchor))
            case (let old?, nil):
                result.append(Difference(text: "\(path) is registered (\(old)) but is no longer a component path", anchor: anchor))
            case (let old?, let new?) where old != new:
                result.append(Difference(text: "\(path) registers \(old); needle would register \(new)", anchor: anchor))
            default: break
            }
        }
        // A layout without key paths says nothing about them.
        let keyPathComponents = writesKeyPaths && generated.writesKeyPaths ? Set(keyPaths.keys).union(generated.keyPaths.keys) : []
        for component in keyPathComponents.sorted() {
            let old = keyPaths[component] ?? [], new = generated.keyPaths[component] ?? []
            if old != new {
                result.append(Difference(
                    text: "\(component)'s key paths differ (\(Self.change(old, new)))", anchor: "extension \(component):"))
            }
        }
        for component in Set(pluginExtensions.keys).union(generated.pluginExtensions.keys).sorted() {
            let old = pluginExtensions[component], new = generated.pluginExtensions[component]
            if old != new {
                result.append(Difference(
                    text: "\(component)'s plugin extension provider differs (\(old ?? "none") → \(new ?? "none"))",
                    anchor: "\"\(component)\""))
            }
        }
        return result
    }

    private static func change(_ old: [String], _ new: [String]) -> String {
        let removed = Set(old).subtracting(new).sorted(), added = Set(new).subtracting(old).sorted()
        var parts: [String] = []
        if !added.isEmpty { parts.append("missing " + added.joined(separator: ", ")) }
        if !removed.isEmpty { parts.append("extra " + removed.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }

    // MARK: - Providers

    static let empty = "EmptyDependency"

    struct ProviderClass {
        var superclass: String
        var body: [Substring]
    }

    /// `Dependency { name: Type <- Ancestor@level.name, … }` for a provider class built with these arguments
    /// (`rootComponent: parent1(component) as! RootComponent`, or needle 0.17's `component.parent as! X`).
    static func describe(_ className: String, arguments: String, classes: [String: ProviderClass]) -> String {
        guard let providerClass = classes[className] else { return className == "EmptyDependencyProvider" ? empty : className }
        var holders: [String: String] = [:]
        for argument in splitArguments(arguments) {
            guard let colon = argument.firstIndex(of: ":") else { continue }
            let holder = trim(argument[..<colon])
            let value = trim(argument[argument.index(after: colon)...])
            guard let cast = value.range(of: " as! ") else { continue }
            let source = value[..<cast.lowerBound]
            let type = trim(value[cast.upperBound...])
            let level: Int
            if let number = between(source, "parent", "(component)").flatMap({ Int($0) }) {
                level = number
            } else {
                level = source.components(separatedBy: ".parent").count - 1
            }
            holders[String(holder)] = "\(type)@\(level)"
        }
        return describe(providerClass, holders: holders)
    }

    static func describe(_ providerClass: ProviderClass, holders: [String: String]) -> String {
        var properties: [String] = []
        for (offset, line) in providerClass.body.enumerated() where line.hasPrefix("var ") && line.hasSuffix("{") {
            let declaration = trim(line.dropFirst(4).dropLast())
            var expression = offset + 1 < providerClass.body.count ? providerClass.body[offset + 1] : ""
            if expression.hasPrefix("return ") { expression = trim(expression.dropFirst(7)) }
            properties.append("\(declaration) <- \(substitute(holders, in: expression))")
        }
        let dependency = providerClass.superclass.replacingOccurrences(of: "@preconcurrency ", with: "")
        return "\(dependency) { \(properties.sorted().joined(separator: ", ")) }"
    }

    /// Replaces the holder property a provider reads through (`rootComponent.x`) by the ancestor it stands for.
    static func substitute(_ holders: [String: String], in expression: Substring) -> String {
        var text = String(expression)
        if text.hasPrefix("(") { text.removeFirst() }
        guard let dot = text.firstIndex(of: ".") else { return String(expression) }
        let holder = String(text[..<dot])
        guard let ancestor = holders[holder] else { return String(expression) }
        return (expression.hasPrefix("(") ? "(" : "") + ancestor + text[dot...]
    }

    static func splitArguments(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            case "," where depth == 0:
                result.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result.filter { !trim($0).isEmpty }
    }

    // MARK: - Lines

    /// `private class XProvider: XDependency {` (attributes and `@preconcurrency` allowed) → its name and superclass.
    static func classHeader(_ line: Substring) -> (name: String, superclass: String)? {
        guard line.hasSuffix("{"), let range = line.range(of: "class ") else { return nil }
        let rest = line[range.upperBound...].dropLast()
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        let name = trim(rest[..<colon])
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        let prefix = line[..<range.lowerBound]
        guard prefix.split(separator: " ").allSatisfy({ ["private", "fileprivate", "final"].contains($0) })
        else { return nil }
        return (String(name), String(trim(rest[rest.index(after: colon)...])))
    }

    /// A `keyPathToName`/`localTable`/`extensionToName` line without what older needles wrote differently
    /// (`localTable`'s closure gained `[unowned self] in` in 0.22).
    static func keyPathEntry(_ line: Substring) -> String? {
        if line.hasPrefix("localTable["), let key = between(line, "localTable[\"", "\"]") { return "localTable[\"\(key)\"]" }
        if line.hasPrefix("keyPathToName[") || line.hasPrefix("extensionToName[") { return String(line) }
        return nil
    }

    /// The lines with calls a formatter wrapped joined back into one (`.registerDependencyProviderFactory(` then
    /// `for: "^->A"` then `) { component in`): a line continues while its parentheses are open or the next line
    /// starts with `.`. Blank lines and comments stay apart.
    static func logicalLines(_ lines: [Substring]) -> [Substring] {
        var result: [Substring] = []
        var openParentheses = 0
        for line in lines {
            let continues = openParentheses > 0 || (line.hasPrefix(".") && !(result.last?.isEmpty ?? true))
            if continues, let last = result.popLast() {
                let glue = last.hasSuffix("(") || line.hasPrefix(")") || line.hasPrefix(".") ? "" : " "
                result.append(Substring(last + glue + line))
            } else {
                result.append(line)
                openParentheses = 0
            }
            guard !line.hasPrefix("//") else { continue }
            for character in line {
                if character == "(" { openParentheses += 1 } else if character == ")" { openParentheses -= 1 }
            }
            openParentheses = max(openParentheses, 0)
        }
        return result
    }

    /// The line of the block's closing brace, counting braces from the line that opens it.
    static func blockEnd(_ lines: [Substring], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < lines.count {
            for character in lines[index] {
                if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
            }
            if depth <= 0 { return index }
            index += 1
        }
        return index
    }

    /// The line without leading attributes (`@MainActor private class …` → `private class …`).
    static func withoutAttributes(_ line: Substring) -> Substring {
        var rest = line
        while rest.hasPrefix("@"), let space = rest.firstIndex(of: " ") {
            let attribute = rest[..<space]
            // `@inline(never) private func` and `@MainActor`, never a key path or string.
            guard attribute.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "@" || $0 == "(" || $0 == ")" || $0 == "_" })
            else { break }
            rest = trim(rest[space...])
        }
        return rest
    }

    /// The expression of the first `return …` (or lone expression) line after `index`.
    static func returned(_ lines: [Substring], after index: Int) -> Substring? {
        var next = index + 1
        while next < lines.count, lines[next].isEmpty { next += 1 }
        guard next < lines.count else { return nil }
        let line = lines[next]
        return line.hasPrefix("return ") ? trim(line.dropFirst(7)) : line
    }

    static func between(_ line: Substring, _ start: String, _ end: String) -> String? {
        guard let lower = line.range(of: start) else { return nil }
        let rest = line[lower.upperBound...]
        guard let upper = rest.range(of: end) else { return nil }
        return String(rest[..<upper.lowerBound])
    }

    static func trim(_ text: Substring) -> Substring {
        var slice = text
        while let first = slice.first, first == " " || first == "\t" || first == "\r" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice = slice.dropLast() }
        return slice
    }
}
