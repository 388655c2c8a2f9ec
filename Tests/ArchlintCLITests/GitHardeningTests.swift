import ArchlintTestSupport
import Foundation
import Testing

/// Nothing in a pull request steers git (issue 37, F26–F29): a revision is resolved to a commit before git sees it,
/// reads never rewrite `.git/index`, no command the repository configures runs, and a missing object is an error.
@Suite struct GitHardeningTests {
    /// Every command that reads a revision, with `revision` in the place of its revision.
    static func commands(_ root: URL, _ revision: String) -> [[String]] {
        [
            ["lint", root.path, "--changed=\(revision)", "--no-cache"],
            ["lint", root.path, "--new-since=\(revision)", "--no-cache"],
            ["diff", root.path, "--base=\(revision)", "--no-cache"],
            ["affected", root.path, "--since=\(revision)", "--no-cache"],
        ]
    }

    /// F26: `--changed=--output=FILE` had git truncate FILE (or create it).
    @Test func optionLikeRevisionsReachNoGit() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let victim = repository.repository.appendingPathComponent("Package.swift")
        let before = try Data(contentsOf: victim)
        let created = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-f26-\(UUID().uuidString)")
        for target in [victim.path, created.path] {
            for arguments in Self.commands(repository.root, "--output=\(target)") {
                let result = try ProcessResult.archlint(arguments)
                #expect(result.status == 2, "\(arguments)")
                #expect(result.stderr.contains("'--output=\(target)' is not a revision"), "\(arguments): \(result.stderr)")
            }
        }
        #expect(try Data(contentsOf: victim) == before)
        #expect(!FileManager.default.fileExists(atPath: created.path))
    }

    /// F27: with a textconv driver in the repository's config, `--changed=-S…` ran it. No driver the repository
    /// configures runs for any command, a filter whose name holds `=` included (`-c filter.a=b.clean=` would
    /// have set `filter.a`).
    @Test func configuredCommandsNeverRun() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let marker = repository.repository.appendingPathComponent(".git/ran")
        let script = repository.repository.appendingPathComponent(".git/driver.sh")
        try "#!/bin/sh\necho \"$0 $*\" >> '\(marker.path)'\ncat \"$@\"\n".write(to: script, atomically: true, encoding: .utf8)
        #expect(chmod(script.path, 0o755) == 0)
        try DiffRepository.write([".gitattributes": "*.swift diff=evil filter=a=b\n"], in: repository.root)
        for (key, value) in [("diff.evil.textconv", script.path), ("diff.evil.command", script.path),
                             ("filter.a=b.clean", script.path), ("filter.a=b.smudge", script.path),
                             ("core.fsmonitor", script.path), ("diff.external", script.path)] {
            try DiffRepository.git(["config", key, value], in: repository.repository)
        }
        // A source edited and another touched with its content unchanged: git must look at both.
        let edited = repository.root.appendingPathComponent("Sources/HomeFeature/Home.swift")
        try (try String(contentsOf: edited, encoding: .utf8) + "\n// edited\n").write(to: edited, atomically: true, encoding: .utf8)
        try touch(repository.root.appendingPathComponent("Sources/Storage/Store.swift"))

        let pickaxe = try ProcessResult.archlint(["lint", repository.root.path, "--changed=-Sx", "--no-cache"])
        #expect(pickaxe.status == 2)
        #expect(pickaxe.stderr.contains("'-Sx' is not a revision"), "\(pickaxe.stderr)")
        for arguments in Self.commands(repository.root, repository.base) + [["lint", repository.root.path, "--changed", "--no-cache"]] {
            let result = try ProcessResult.archlint(arguments)
            #expect(result.status == 0 || result.status == 1, "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: marker.path), "\((try? String(contentsOf: marker, encoding: .utf8)) ?? "")")
    }

    /// F28: `diff`, `affected`, `--changed=REV` and `--new-since` rewrote `.git/index` when a tracked file was touched
    /// with its content unchanged (git's porcelain refreshes the index). The index keeps its bytes and its date.
    @Test func readsLeaveTheIndexAlone() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let touched = repository.root.appendingPathComponent("Sources/Storage/Store.swift")
        try touch(touched)
        let index = repository.repository.appendingPathComponent(".git/index")
        let bytes = try Data(contentsOf: index)
        let date = try FileManager.default.attributesOfItem(atPath: index.path)[.modificationDate] as? Date
        for arguments in Self.commands(repository.root, repository.base) + [["lint", repository.root.path, "--changed", "--no-cache"]] {
            let result = try ProcessResult.archlint(arguments)
            #expect(result.status == 0 || result.status == 1, "\(arguments): \(result.stderr)")
            #expect(try Data(contentsOf: index) == bytes, "\(arguments) rewrote .git/index")
            #expect(try FileManager.default.attributesOfItem(atPath: index.path)[.modificationDate] as? Date == date)
        }
        // The touched file is no change: `affected` since the head names none.
        let affected = try ProcessResult.archlint(["affected", repository.root.path, "--since", repository.head, "--no-cache"])
        #expect(affected.status == 0)
        #expect(!affected.stdout.contains("Store.swift"), "\(affected.stdout)")
    }

    /// F29: a base commit whose tree object is missing read as an empty base ("3 modules added").
    @Test func aMissingObjectIsAnError() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let tree = try DiffRepository.git(["rev-parse", "\(repository.base)^{tree}"], in: repository.repository)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let object = repository.repository.appendingPathComponent(".git/objects/\(tree.prefix(2))/\(tree.dropFirst(2))")
        try FileManager.default.removeItem(at: object)
        for arguments in Self.commands(repository.root, repository.base) {
            let result = try ProcessResult.archlint(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stdout)")
            #expect(!result.stdout.contains("added"), "\(arguments): \(result.stdout)")
            #expect(result.stderr.contains("git lacks the object \(tree) of commit \(repository.base)"),
                    "\(arguments): \(result.stderr)")
        }
    }

    /// A later modification date, the same bytes: the index's stat data no longer matches.
    func touch(_ file: URL) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(120)], ofItemAtPath: file.path)
    }
}
