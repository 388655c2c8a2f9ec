import ArchlintModel
import Foundation
import Testing

@testable import SwiftFacts

/// `.fast` must give exactly the facts of `.full`. Every test's `facts(_:)` already checks both modes; these
/// tests add varied sources built to hit both sides of each pre-filter, and every fixture file.
@Suite struct FastModeTests {
    static let snippets = [
        "import UIKit\n#if DEBUG\nimport DebugKit\n#endif",
        "final class RootComponent: BootstrapComponent {\n    var child: ChildComponent { ChildComponent(parent: self) }\n}",
        "extension RootComponent {\n    var other: OtherComponent { .init(parent: self) }\n}",
        "protocol ChildDependency: Dependency {\n    var apiClient: APIClient { get }\n}",
        "final class HomeBuilder: Builder<HomeDependency> {\n    func build() -> HomeRouting { HomeRouter(interactor: HomeInteractor()) }\n}",
        "let child = ChildBuilder(dependency: component)",
        "struct HomeView: View {\n    let router: HomeRouting\n    var body: some View { Button(\"x\") { router.route() } }\n}",
        "// archlint:disable:next view-router-shortcut - reviewed\nstruct Plain { var x = 1 }",
        "// archlint:disable:nxt oops\nenum E { case a }",
        "func parentTitle() -> String { \"dependency\" }",
        "struct Model { let id: Int; func update(_ value: Int) { let y = value } }",
        "class Broken { func f( {\n",
        "#if os(iOS)\nclass A {\n#if DEBUG\nvar d = D()\n#endif\n}\n#endif",
        "let s = \"parent: not code\"\nlet n = Node(parent : nil)",
    ]

    /// Removes the words the pre-filters look for, so the fast path takes its skipping branch.
    static func withoutTriggers(_ source: String) -> String {
        source.replacingOccurrences(of: "parent", with: "origin")
            .replacingOccurrences(of: "dependency", with: "provider")
            .replacingOccurrences(of: "archlint:", with: "lint:")
    }

    /// A file of nothing but imports, `#if` lines and comments declares nothing (`Dummy.swift`, "// this is for
    /// tuist"); one line of code, or a file past a bound (unread after it), does. Parsed, fast or skimmed alike.
    @Test func aFileOfImportsAndCommentsDeclaresNothing() {
        let nothing = ["", "\n  \n", "// Dummy file\n", "import Foundation\n/* kept so Tuist builds it */\n",
                       "#if DEBUG\nimport DebugKit\n#endif\n// archlint:disable:next cross-feature-import\nimport Other\n"]
        let something = ["public struct Dummy {}", "import UIKit\nlet x = 1", "// Dummy\n@_exported import Core\nfunc f() {}"]
        for source in nothing + something {
            let declaresNothing = nothing.contains(source)
            for mode in ScanMode.allCases {
                #expect(FileScanner.scan(source: source, path: "Dummy.swift", mode: mode).declaresNothing == declaresNothing, "\(source)")
            }
            #expect(FileScanner.read(source: source, path: "Dummy.swift", demand: .importsOnly).facts.declaresNothing == declaresNothing)
        }
    }

    @Test func variedSourcesGiveIdenticalFacts() {
        var sources: [String] = []
        for (index, first) in Self.snippets.enumerated() {
            sources.append(first)
            sources.append(Self.withoutTriggers(first))
            for second in Self.snippets[index...] {
                sources.append(first + "\n" + second)
                sources.append(Self.withoutTriggers(first) + "\n" + second)
            }
        }
        for source in sources {
            let full = FileScanner.scan(source: source, path: "A.swift", mode: .full)
            let fast = FileScanner.scan(source: source, path: "A.swift", mode: .fast)
            #expect(full == fast, "modes differ for:\n\(source)")
        }
    }

    static var fixtureFiles: [URL] {
        let fixtures = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        guard let enumerator = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    @Test(.enabled(if: !fixtureFiles.isEmpty, "no .swift fixtures yet"))
    func everyFixtureFileGivesIdenticalFacts() throws {
        for url in Self.fixtureFiles {
            guard let source = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let path = url.path
            #expect(
                FileScanner.scan(source: source, path: path, mode: .full)
                    == FileScanner.scan(source: source, path: path, mode: .fast), "modes differ for \(path)")
        }
    }
}
