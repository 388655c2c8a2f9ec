/// Everyday Swift: the bodies that make generated files read (and parse) like an app's code.
struct CodeSnippets {
    var random: SeededRandom

    static let words = [
        "item", "title", "subtitle", "price", "count", "identifier", "status", "owner", "createdAt", "updatedAt",
        "rank", "score", "badge", "summary", "detail", "amount", "currency", "label", "category", "thumbnail",
    ]
    static let docLines = [
        "Returns the values the screen shows, already filtered for the current user and locale.",
        "Keeps the order stable so that diffable data sources don't animate unchanged rows.",
        "- Note: Called on the main actor; heavy work is moved to a detached task by the caller.",
        "- Parameter items: The rows as the backend returned them, possibly with duplicates.",
        "Falls back to cached values when the network is unavailable or the request times out.",
        "Mirrors the Android implementation; keep both in sync when changing the ranking rules.",
    ]
    static let fieldTypes = ["String", "Int", "Double", "Bool", "Date", "URL?", "[String]", "String?", "Decimal", "UUID"]

    mutating func fields(_ count: Int) -> [(name: String, type: String)] {
        var seen = Set<String>()
        var result: [(String, String)] = []
        while result.count < count {
            let base = random.pick(Self.words)
            let name = seen.contains(base) ? base + String(result.count) : base
            seen.insert(name)
            result.append((name, random.pick(Self.fieldTypes)))
        }
        return result
    }

    /// A Codable model with coding keys, a computed property and fixtures.
    mutating func model(_ name: String, into out: inout SourceWriter) {
        let fields = fields(random.int(4...12))
        out.line("/// \(name) as the backend sends it.")
        out.block("public struct \(name): Codable, Hashable, Sendable") { out in
            for field in fields { out.line("public var \(field.name): \(field.type)") }
            out.line()
            out.block("enum CodingKeys: String, CodingKey") { out in
                for field in fields { out.line("case \(field.name) = \"\(snakeCase(field.name))\"") }
            }
            out.line()
            out.block("public var isEmpty: Bool") { out in
                out.line("\(fields[0].name) == \(defaultValue(fields[0].type)) && \(fields.count) > 0")
            }
        }
        out.line()
        out.block("extension \(name)") { out in
            out.block("static func fixture(index: Int = 0) -> \(name)") { out in
                out.line("\(name)(")
                for (offset, field) in fields.enumerated() {
                    out.line("    \(field.name): \(defaultValue(field.type))\(offset == fields.count - 1 ? "" : ",")")
                }
                out.line(")")
            }
        }
        out.line()
    }

    /// A method with ordinary control flow: guards, loops, switches, closures, string interpolation.
    mutating func method(_ name: String, owner: String, into out: inout SourceWriter) {
        let isAsync = random.chance(0.3)
        let parameter = random.pick(["items: [\(owner)Item]", "id: String", "page: Int, pageSize: Int", "query: String", "value: Double"])
        let signature = "func \(name)(\(parameter))\(isAsync ? " async throws" : "") -> \(random.pick(["Int", "String", "Bool", "[String]"]))"
        for _ in 0..<random.int(1...3) { out.line("/// " + random.pick(Self.docLines)) }
        out.block(signature) { out in
            if random.chance(0.6) {
                out.line("let configuration = \(owner)Configuration.current(environment: .production, locale: Locale.current)")
                out.line("let requestIdentifier = \"\\(configuration.identifier)-\\(UUID().uuidString.prefix(8))\"")
                out.line("logger.debug(\"\(owner).\(name) started\", metadata: [\"request\": requestIdentifier])")
            }
            if random.chance(0.5) {
                out.block("do") { out in
                    out.line("let snapshot = try store.snapshot(for: \"\(owner.lowercased())-\(name)\", maximumAge: .seconds(\(random.int(5...300))))")
                    out.line("metrics.record(.cacheHit, value: Double(snapshot.entries.count), tags: [\"screen\": \"\(owner)\"])")
                }
                out.block("catch let error as StoreError where error.isRecoverable") { out in
                    out.line("metrics.record(.cacheMiss, value: 1, tags: [\"reason\": String(describing: error)])")
                }
                out.block("catch") { out in
                    out.line("assertionFailure(\"Unexpected error in \(owner).\(name): \\(error.localizedDescription)\")")
                }
            }
            switch random.int(0...4) {
            case 0:
                out.line("var result: [String] = []")
                out.block("for (index, element) in [\"a\", \"b\", \"c\"].enumerated() where index % 2 == 0") { out in
                    out.line("result.append(\"\\(element)-\\(index)\")")
                }
                out.line("return \(returnExpression(for: signature, fallback: "result"))")
            case 1:
                out.block("guard \(random.pick(["isEnabled", "page >= 0", "!query.isEmpty", "value > 0", "!items.isEmpty"])) else") { out in
                    out.line("return \(returnExpression(for: signature, fallback: "[]"))")
                }
                out.line("let formatter = NumberFormatter()")
                out.line("formatter.numberStyle = .decimal")
                out.line("let text = formatter.string(from: NSNumber(value: \(random.int(1...999)))) ?? \"\"")
                out.line("return \(returnExpression(for: signature, fallback: "[text]"))")
            case 2:
                out.line("let state = State.allCases[\(random.int(0...2))]")
                out.block("switch state") { out in
                    out.line("case .idle:")
                    out.line("    return \(returnExpression(for: signature, fallback: "[\"idle\"]"))")
                    out.line("case .loading where \(random.chance(0.5) ? "true" : "false"):")
                    out.line("    return \(returnExpression(for: signature, fallback: "[\"loading\"]"))")
                    out.line("case .loading, .loaded:")
                    out.line("    return \(returnExpression(for: signature, fallback: "[\"done\"]"))")
                }
            case 3:
                out.line("let values = (0..<\(random.int(3...40))).map { $0 * \(random.int(2...9)) }")
                out.line("let filtered = values.filter { $0.isMultiple(of: 3) }.reduce(0, +)")
                out.line("#if DEBUG")
                out.line("print(\"\(owner).\(name): \\(filtered)\")")
                out.line("#endif")
                out.line("return \(returnExpression(for: signature, fallback: "values.map(String.init)"))")
            default:
                out.line("let pairs = Dictionary(uniqueKeysWithValues: zip([\"x\", \"y\", \"z\"], [1, 2, 3]))")
                out.block("let sorted = pairs.sorted { lhs, rhs in") { out in
                    out.line("lhs.value > rhs.value")
                }
                out.line("return \(returnExpression(for: signature, fallback: "sorted.map(\\.key)"))")
            }
        }
        out.line()
    }

    private func returnExpression(for signature: String, fallback: String) -> String {
        if signature.hasSuffix("-> Int") { return "\(fallback).count" }
        if signature.hasSuffix("-> String") { return "\(fallback).joined(separator: \",\")" }
        if signature.hasSuffix("-> Bool") { return "!\(fallback).isEmpty" }
        return fallback
    }

    private func defaultValue(_ type: String) -> String {
        switch type {
        case "String": "\"\""
        case "Int": "0"
        case "Double": "0.0"
        case "Bool": "false"
        case "Date": "Date(timeIntervalSince1970: 0)"
        case "[String]": "[]"
        case "Decimal": "Decimal(0)"
        case "UUID": "UUID()"
        default: "nil"
        }
    }

    private func snakeCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
