/// Seeded Swift sources for the scanner's equivalence tests: mostly files a real app has (imports, `#if`
/// blocks, top-level functions and values, suppression comments), mixed with what a byte-level pre-filter can
/// misread (imports and type keywords inside comments, strings of every form and interpolations; attributes on
/// their own lines; imports after code; regex literals; unbalanced or unterminated text). The same seed gives
/// the same files.
public struct SwiftSourceGenerator {
    private var random: SplitMix64

    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    public mutating func file() -> String {
        var lines: [String] = []
        if chance(0.3) { lines.append(pick(Self.headers)) }
        for _ in 0..<Int.random(in: 0...5, using: &random) { lines.append(importLine()) }
        if chance(0.3) { lines.append(conditionalImports()) }
        for _ in 0..<Int.random(in: 0...6, using: &random) { lines.append(body()) }
        if chance(0.15) { lines.append(pick(Self.hazards)) }
        if chance(0.1) { lines.append(pick(Self.declarations)) }
        var text = lines.joined(separator: chance(0.1) ? "\r\n" : "\n")
        if chance(0.03) { text = "\u{FEFF}" + text }
        if chance(0.05), !text.isEmpty { text.removeLast(Int.random(in: 1...min(8, text.count), using: &random)) }
        return text
    }

    private mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
    private mutating func pick(_ options: [String]) -> String { options.randomElement(using: &random)! }

    private static let modules = ["UIKit", "Foundation", "SwiftUI", "Combine", "Feature_Home", "CoreKit", "RIBs"]
    private static let attributes = ["@testable", "@_exported", "@preconcurrency", "@_implementationOnly", "@_spi(Internal)"]
    private static let accessLevels = ["public", "internal", "package", "private", "fileprivate"]
    private static let kinds = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]

    private mutating func importLine() -> String {
        var parts: [String] = []
        if chance(0.3) { parts.append(pick(Self.attributes)) }
        if chance(0.15) { parts.append(pick(Self.accessLevels)) }
        parts.append("import")
        let module = pick(Self.modules)
        if chance(0.15) {
            parts.append(pick(Self.kinds))
            parts.append("\(module).Thing")
        } else {
            parts.append(module)
        }
        var line = (chance(0.1) ? "    " : "") + parts.joined(separator: " ")
        if chance(0.1) { line += " // archlint:disable:this layer-violation" }
        if chance(0.05) { line += " // trailing" }
        if chance(0.04) { line = pick(Self.attributes) + "\n" + line }
        if chance(0.03) { line += "; let afterImport = 1" }
        if chance(0.03) { line += " /* note */" }
        return line
    }

    private mutating func conditionalImports() -> String {
        let conditions = ["DEBUG", "os(iOS)", "canImport(UIKit)", "!RELEASE && DEBUG", "swift(>=5.9)", "compiler(>=6.0) || FOO"]
        var text = "#if \(pick(conditions))\n\(importLine())\n"
        if chance(0.4) { text += "#elseif \(pick(conditions))\n\(importLine())\n" }
        if chance(0.4) { text += "#else\n\(chance(0.5) ? importLine() : body())\n" }
        if chance(0.2) { text += "#if \(pick(conditions))\n\(importLine())\n#endif\n" }
        return text + (chance(0.97) ? "#endif" : "")
    }

    private mutating func body() -> String {
        pick([
            "func helper(_ value: Int) -> Int { value * 2 }",
            "let formatter = DateFormatter()",
            "var counter = 0",
            "// import NotAnImport because this is a comment",
            "/* nested /* class Hidden {} */ import Hidden */",
            "/// Documentation mentioning struct and parent: in prose",
            "let message = \"import Fake; class Fake {}\"",
            "let raw = #\"class \"Raw\" import X\"#",
            "let rawer = ##\"a \"# still inside struct\"##",
            "let multi = \"\"\"\n    import Inside\n    class Inside {}\n    \"\"\"",
            "let interpolated = \"value \\(helper((1 + 2) * 3)) and \\(\"inner \\(counter)\")\"",
            "let rawInterpolation = #\"a \\#(counter) \\(not) b\"#",
            "// archlint:disable:next module-cycle - reason",
            "// archlint:disable all",
            "// archlint:enable layer-violation",
            "// archlint:disable:nxt oops",
            "func wire() { let c = ChildComponent(parent: self) }",
            "let child = ChildBuilder(dependency: component)",
            "let values = [1, 2, 3].map { $0 + 1 }",
            "@MainActor func onMain() async {}",
            "let keyPath = \\String.count",
            "if counter < 3 { counter += 1 }",
            "let generic: Array<Int> = []",
            "let `default` = 1",
            "#if DEBUG\nlet debug = true\n#else\nlet debug = false\n#endif",
            "func nested() {\n    #if os(iOS)\n    print(1)\n    #endif\n}",
            "let ratio = 10 / 2",
        ])
    }

    private static let hazards = [
        "func f( {",
        "let broken = \"unterminated",
        "/* never closed",
        "}",
        "let regex = /class (\\w+)/",
        "let extended = #/import \"x\"/#",
        "func later() {}\nimport LateImport",
        "let x = 1\n#if DEBUG\nimport DebugOnly\n#endif",
        "#sourceLocation(file: \"a.swift\", line: 1)\n#sourceLocation()",
        "let placeholder = <#value#>",
        "import",
        "import UIKit.",
        "#if DEBUG &&\n  FOO\nimport Foo\n#endif",
        "let = 5",
        "/* archlint:disable all */",
        "let s = \"\"\"\nopen",
        "@available(iOS 15, *)\nimport Gated",
        "func g() { import Nested }",
        "#else",
        "#endif",
        "let \\u{0}",
        "let café = 1",
        "\u{00A0}import Spaced",
        "let emoji = \"🎉 class\"",
        "#!/usr/bin/env swift",
    ]

    private static let headers = [
        "//\n//  File.swift\n//  App\n//",
        "// Copyright © 2026 Example. All rights reserved.",
        "/*\n * License text: class, struct, import\n */",
    ]

    private static let declarations = [
        "final class RootComponent: BootstrapComponent {}",
        "struct HomeView: View { var body: some View { Text(\"x\") } }",
        "extension String { var twice: String { self + self } }",
        "protocol HomeDependency: Dependency {}",
        "enum Route { case home }",
        "actor Store {}",
        "let needleDependenciesHash: String? = nil",
    ]
}
