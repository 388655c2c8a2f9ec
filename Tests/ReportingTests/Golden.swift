import Foundation
import Testing

/// Expected outputs, hand-checked, kept as files next to the tests (Resources/golden). Never regenerate them to
/// match a bug: a failing comparison prints both sides so the difference can be read.
enum Golden {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: resources.appendingPathComponent("golden").appendingPathComponent(name), encoding: .utf8)
    }

    static func expectEqual(_ actual: String, golden name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let expected = try text(name)
        #expect(actual == expected, "output differs from golden \(name):\n--- actual\n\(actual)\n--- expected\n\(expected)", sourceLocation: sourceLocation)
    }
}
