import ArchlintModel
import Testing
@testable import Manifests

/// Nothing in a manifest is changed or dropped silently: cycles, duplicate targets and paths that leave the
/// package are reported at their line; strings read exactly as Swift reads them.
@Suite struct ManifestFidelityTests {
    /// Top-level code runs in order, as Swift runs it: `a` reads `b` before `b` is declared, which Swift rejects.
    @Test func cyclicConstantsAreReportedWhereTheyAreUsed() {
        let source = """
        let a = b
        let b = a
        let package = Package(name: "P", targets: [.target(name: a), .target(name: "Core")])
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["Core"])
        #expect(facts.unresolved.count == 1, "\(facts.unresolved)")
        #expect(facts.unresolved.first.map { $0.message.contains("`b` is not declared") } == true)
        #expect(facts.unresolved.first?.location == at("b\nlet b", in: source))
    }

    @Test func appendingToAListIsNotACycle() {
        let source = """
        var targets: [Target] = [.target(name: "A")]
        targets = targets + [.target(name: "B")]
        targets += [.target(name: "C")]
        let package = Package(name: "P", targets: targets)
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["A", "B", "C"])
        #expect(facts.unresolved.isEmpty, "\(facts.unresolved)")
    }

    @Test func duplicateTargetNamesAreReportedAtTheSecondDeclaration() {
        let source = """
        let package = Package(name: "P", targets: [
            .target(name: "Core"),
            .target(name: "Core", path: "Sources/Other"),
        ])
        """
        let facts = readManifest(source)
        #expect(facts.unresolved.map(\.location) == [at(".target(name: \"Core\", path", in: source)])
        #expect(facts.unresolved.first?.message.contains("first at line 2") == true)
        #expect(facts.unresolved.first?.message.contains("duplicate target names") == true)
    }

    @Test func exclusiveBranchesMayDeclareTheSameTarget() {
        let source = """
        #if os(Linux)
        let core: Target = .target(name: "Core", path: "Linux")
        #else
        let core: Target = .target(name: "Core")
        #endif
        let package = Package(name: "P", targets: [core])
        """
        let facts = readManifest(source)
        #expect(facts.targetNames == ["Core"])
        #expect(facts.unresolved.isEmpty, "\(facts.unresolved)")
    }

    @Test(arguments: [
        ("/etc", "an absolute path"), ("/", "an absolute path"),
        ("../Elsewhere", "outside the package directory"), ("Sources/../../etc", "outside the package directory"),
    ])
    func pathsLeavingThePackageAreReportedAndKeptAsWritten(path: String, problem: String) {
        let source = """
        let package = Package(name: "P", targets: [
            .target(name: "Core", path: "\(path)"),
        ])
        """
        let facts = readManifest(source)
        #expect(facts.target("Core")?.path == path)
        #expect(facts.unresolved.map(\.location) == [at("\"\(path)\"", in: source)])
        #expect(facts.unresolved.first?.message.contains(problem) == true, "\(facts.unresolved)")
    }

    @Test func pathsInsideThePackageAreFine() {
        let facts = readManifest("let package = Package(name: \"P\", targets: [.target(name: \"C\", path: \"./Sources/A/../C\")])")
        #expect(facts.unresolved.isEmpty)
        #expect(facts.target("C")?.path == "./Sources/A/../C")
    }

    @Test(arguments: [
        (#""a\nb""#, "a\nb"), (#""tab\there""#, "tab\there"), (#""back\\slash""#, "back\\slash"),
        (#""say \"hi\"""#, "say \"hi\""), (#""it\'s""#, "it's"), (#""nul\0x""#, "nul\0x"),
        (#""\u{41}\u{1F600}""#, "A\u{1F600}"), (##"#"raw\n"#"##, "raw\\n"), (##"#"raw\#nline"#"##, "raw\nline"),
        ("\"\"\"\n    first\n      second\\tx\n    \"\"\"", "first\n  second\tx"),
        ("\"\"\"\n    joined \\\n    line\n    \"\"\"", "joined line"),
    ])
    func stringEscapesReadAsSwiftReadsThem(literal: String, expected: String) {
        let facts = readManifest("let package = Package(name: \"P\", targets: [.target(name: \(literal))])")
        #expect(facts.targetNames == [expected], "\(facts.unresolved)")
    }

    @Test func escapesAroundAnInterpolationAreUnescapedToo() {
        let source = #"""
        let base = "Core"
        let package = Package(name: "P", targets: [.target(name: "\(base)\tX\u{41}")])
        """#
        #expect(readManifest(source).targetNames == ["Core\tXA"])
    }
}
