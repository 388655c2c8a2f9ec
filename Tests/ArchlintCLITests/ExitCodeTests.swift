import ArchlintTestSupport
import Foundation
import Testing

/// Exit codes are part of the CI contract: 0 clean, 1 errors (or anything under --strict), 2 misuse.
@Suite struct ExitCodeTests {
    @Test func missingPathExitsTwoWithAMessage() throws {
        let result = try ProcessResult.archlint(["lint", "/definitely/not/here"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no such file or directory: /definitely/not/here"))
        #expect(result.stdout.isEmpty)
    }

    @Test func pathThatIsAFileExitsTwo() throws {
        let result = try ProcessResult.archlint(["lint", FixturePaths.packageRoot.appendingPathComponent("Package.swift").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a directory"))
    }

    @Test func unknownOptionExitsTwo() throws {
        let result = try ProcessResult.archlint(["lint", "--no-such-flag"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Unknown option '--no-such-flag'"))
    }

    @Test func unknownRuleExitsTwo() throws {
        let result = try ProcessResult.archlint(["rules", "no-such-rule"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown rule 'no-such-rule'"))
    }

    @Test func helpAndVersionExitZero() throws {
        let help = try ProcessResult.archlint(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: archlint"))
        let version = try ProcessResult.archlint(["--version"])
        #expect(version.status == 0)
        // Built from a git checkout: the commit HEAD named at build time (BuildCommitPlugin), 12 hex digits.
        let line = version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        if FileManager.default.fileExists(atPath: FixturePaths.packageRoot.appendingPathComponent(".git").path) {
            let commit = line.dropFirst("0.1.0 (commit ".count).dropLast()
            #expect(line.hasPrefix("0.1.0 (commit ") && commit.count == 12 && commit.allSatisfy(\.isHexDigit), "\(line)")
        } else {
            #expect(line == "0.1.0 (commit unknown)")
        }
    }

    @Test func cleanFixtureExitsZero() throws {
        let result = try ProcessResult.archlint(["lint", FixturePaths.fixtures.appendingPathComponent("ios-app").path, "--no-cache"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
