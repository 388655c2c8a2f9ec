@testable import Scaffolding
import Testing

/// The parent's edit inserts text at syntax boundaries and keeps every other byte.
@Suite struct ParentPatcherTests {
    let factory = ParentPatcher.Edit(
        factory: "var settingsComponent: SettingsComponent { SettingsComponent(parent: self) }",
        factoryProperty: "settingsComponent", conformance: nil, importModule: nil)

    func patch(_ source: String, parent: String = "ParentComponent", line: Int = 1, edit: ParentPatcher.Edit? = nil) throws -> String {
        try ParentPatcher(source: source, parent: parent, line: line).patched(with: edit ?? factory)
    }

    @Test func appendsAfterTheLastMemberWithItsIndentation() throws {
        let source = """
            import NeedleFoundation

            final class ParentComponent: Component<ParentDependency> {
              var title: String { "Parent" } // shown in the bar

              // The end.
            }

            """
        #expect(try patch(source, line: 3) == """
            import NeedleFoundation

            final class ParentComponent: Component<ParentDependency> {
              var title: String { "Parent" } // shown in the bar

              var settingsComponent: SettingsComponent { SettingsComponent(parent: self) }

              // The end.
            }

            """)
    }

    @Test func fillsAnEmptyBodyWithTheFilesIndentation() throws {
        let source = "enum Namespace {\n\tstatic let x = 1\n}\n\nfinal class ParentComponent: BootstrapComponent {}\n"
        #expect(try patch(source, line: 5) == """
            enum Namespace {
            \tstatic let x = 1
            }

            final class ParentComponent: BootstrapComponent {
            \tvar settingsComponent: SettingsComponent { SettingsComponent(parent: self) }
            }

            """)
    }

    @Test func findsTheClassInsideIfConfigAndPicksTheOneOnTheLine() throws {
        let source = """
            #if DEBUG
            final class ParentComponent: BootstrapComponent {
                var a: Int { 1 }
            }
            #else
            final class ParentComponent: BootstrapComponent {
                var b: Int { 2 }
            }
            #endif

            """
        let patched = try patch(source, line: 6)
        #expect(patched.contains("    var b: Int { 2 }\n\n    var settingsComponent"))
        #expect(!patched.contains("    var a: Int { 1 }\n\n    var settingsComponent"))
    }

    @Test func addsImportAfterTheLastImportAndConformanceAtTheEnd() throws {
        var edit = factory
        edit.importModule = "Settings"
        edit.conformance = "extension ParentComponent: SettingsDependency {}"
        let source = "import NeedleFoundation\nimport UIKit\n\nfinal class ParentComponent: BootstrapComponent {}"
        #expect(try patch(source, line: 4, edit: edit) == """
            import NeedleFoundation
            import UIKit
            import Settings

            final class ParentComponent: BootstrapComponent {
                var settingsComponent: SettingsComponent { SettingsComponent(parent: self) }
            }

            extension ParentComponent: SettingsDependency {}

            """)
        // Run twice, the import and the conformance are not repeated.
        var again = edit
        again.factoryProperty = "otherComponent"
        again.factory = "var otherComponent: Int { 0 }"
        let twice = try patch(try patch(source, line: 4, edit: edit), line: 5, edit: again)
        #expect(twice.components(separatedBy: "import Settings").count == 2)
        #expect(twice.components(separatedBy: "extension ParentComponent: SettingsDependency {}").count == 2)
    }

    @Test func missingClassIsAnError() {
        #expect(throws: ScaffoldError.self) { try patch("final class Other {}\n") }
    }
}

@Suite struct SwiftIdentifierTests {
    @Test(arguments: [("Settings", "settings"), ("URLFeed", "urlFeed"), ("UI", "ui"), ("myThing", "myThing"), ("A", "a")])
    func lowerCamelCase(name: String, expected: String) {
        #expect(SwiftIdentifier.lowerCamelCase(name) == expected)
    }

    @Test(arguments: ["Settings", "_Private", "Café", "V2"])
    func acceptsIdentifiers(name: String) {
        #expect(SwiftIdentifier.problem(with: name) == nil)
    }

    @Test func keywordsAreNamed() {
        #expect(SwiftIdentifier.problem(with: "class") == "'class' is a Swift keyword")
        #expect(SwiftIdentifier.problem(with: "9Lives")?.contains("not a Swift identifier") == true)
    }
}
