import ArchlintModel
import Foundation
import Testing

@testable import Configuration

/// Hostile configurations (issue 18): each gives a clear error or loads; none crashes or hangs.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct ConfigurationLimitTests {
    @Test func globOfTenThousandStarsIsAnError() {
        let error = loadError("exclude: [\"\(String(repeating: "*", count: 10_000))\"]\n")
        #expect(error?.line == 1)
        #expect(error?.column == 11)
        #expect(error?.message == "bad glob in 'exclude[0]': glob of 10000 characters is longer than the limit of 1024; shorten it")
    }

    @Test func pathologicalGlobsLoad() throws {
        for count in [7, 10, 15, 20] {
            let glob = Array(repeating: "**", count: count).joined(separator: "/") + "/*"
            let configuration = try loadText("exclude: [\"\(glob)\"]\n")
            #expect(configuration.exclude == [glob])
        }
    }

    @Test func tenThousandGlobsLoadAndMatchQuickly() throws {
        let excludes = (0..<10_000).map { "  - \"**/Generated\($0)/**\"\n" }.joined()
        let layers = (0..<10_000).map { "      - \"Module\($0)*\"\n" }.joined()
        var configuration: ArchlintConfiguration?
        do {
            configuration = try loadText("exclude:\n\(excludes)layers:\n  - name: all\n    modules:\n\(layers)")
            let layers = CompiledLayers(configuration!.layers)
            for index in 0..<10_000 { _ = layers.layerIndex(ofModuleNamed: "Module\(index)Core") }
        }
        #expect(configuration?.exclude.count == 10_000)
        #expect(configuration?.layers.first?.modules.count == 10_000)
    }

    @Test func megabyteFlowLineLoadsQuickly() throws {
        let items = (0..<80_000).map { "\"Sources/M\($0)/**\"" }.joined(separator: ", ")
        let yaml = "exclude: [\(items)]\n"
        #expect(yaml.utf8.count > 1_000_000)
        let configuration: ArchlintConfiguration? = try loadText(yaml)
        #expect(configuration?.exclude.count == 80_000)
    }

    @Test func extendsOfAHugeFileIsRejectedBeforeReading() throws {
        let directory = try TemporaryDirectory()
        let huge = (directory.path as NSString).appendingPathComponent("huge.yml")
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, 1 << 30) == 0)  // sparse: 1 GB without using the disk
        let config = try directory.write(".archlint.yml", "extends: huge.yml\n")
        var error: ConfigurationError?
        do {
            error = #expect(throws: ConfigurationError.self) {
                try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas)
            }
        }
        #expect(error == ConfigurationError(
            file: config, line: 1, column: 10, message: "the configuration file is larger than 4 MB: \(huge)"))
    }

    /// `exclude` concatenates without repeats: that merge was once quadratic in the number of entries.
    @Test func largeButAllowedExtendedFileLoads() throws {
        let directory = try TemporaryDirectory()
        let items = (0..<100_000).map { "  - \"Generated/F\($0)/**\"\n" }.joined()
        try directory.write("base.yml", "exclude:\n\(items)")
        try directory.write(".archlint.yml", "extends: base.yml\nexclude: [\"Generated/F5/**\", \"Other/**\"]\n")
        var configuration: ArchlintConfiguration?
        do {
            configuration = try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas)
        }
        #expect(configuration?.exclude.count == 100_001)
    }

    @Test func fifoIsNotRead() throws {
        let directory = try TemporaryDirectory()
        let fifo = (directory.path as NSString).appendingPathComponent("pipe.yml")
        #expect(mkfifo(fifo, 0o600) == 0)
        try directory.write(".archlint.yml", "extends: pipe.yml\n")
        let error = #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas)
        }
        #expect(error?.message == "the configuration path is not a regular file: \(fifo)")
    }

    @Test func aliasBombIsAnErrorAtTheAlias() {
        var yaml = "exclude:\n  - &a0 [" + Array(repeating: "\"lol\"", count: 9).joined(separator: ",") + "]\n"
        for level in 1..<9 {
            yaml += "  - &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ",") + "]\n"
        }
        let error: ConfigurationError? = loadError(yaml)
        // 9^7 values: the first `*a5` of `&a6` crosses 1,000,000.
        #expect(error == ConfigurationError(
            file: ".archlint.yml", line: 8, column: 10,
            message: "the alias *a5 expands the configuration past 1000000 values; write the values out instead of nesting aliases"))
    }

    @Test func aliasBombInFreeFormOptionsIsAnError() {
        var yaml = "x: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1..<10 {
            yaml += "x\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let error = loadError(yaml)
        // Checked before the keys: the eighth `*a4` of `&a5` crosses 1,000,000.
        #expect(error?.message.hasPrefix("the alias *a4 expands the configuration past") == true, "\(error?.description ?? "")")
        #expect(error?.line == 6)
    }

    /// Yams hashes mapping keys while composing: an aliased bomb as a key must be caught before that.
    @Test func aliasBombAsAMappingKeyIsAnError() {
        var yaml = "exclude:\n  - &a0 [" + Array(repeating: "\"lol\"", count: 9).joined(separator: ",") + "]\n"
        for level in 1..<9 {
            yaml += "  - &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ",") + "]\n"
        }
        yaml += "features:\n  ? *a8\n  : 1\n  ? *a7\n  : 2\n"
        let error: ConfigurationError? = loadError(yaml)
        #expect(error?.message.hasPrefix("the alias *a5 expands the configuration past") == true, "\(error?.description ?? "")")
    }

    @Test func tooManyValuesWithoutAliasesIsAnError() {
        let error = loadError("exclude: [" + Array(repeating: "a", count: 1_000_001).joined(separator: ",") + "]\n")
        #expect(error?.message == "the configuration has more than 1000000 values; split or shorten it")
        #expect(error?.line == 1)
    }

    @Test func smallAliasesStillWork() throws {
        let configuration = try loadText("exclude: &shared [\"Generated/**\"]\nfeatures:\n  modules: *shared\n")
        #expect(configuration.features.modules == ["Generated/**"])
    }

    // MARK: extends outside the repository

    /// A repository and, beside it, a file it must not read: its content is a token.
    private func repositoryBesideASecret(_ secretText: String) throws -> (outside: TemporaryDirectory, repository: String, secret: String) {
        let outside = try TemporaryDirectory()
        let secret = try outside.write("secret.yml", secretText)
        let repository = (outside.path as NSString).appendingPathComponent("repo")
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        return (outside, repository, secret)
    }

    @Test func extendsOutsideTheRootIsRejected() throws {
        let (outside, repository, secret) = try repositoryBesideASecret("rules:\n  module-cycle: gho_0123456789abcdef\n")
        let config = (repository as NSString).appendingPathComponent(".archlint.yml")
        for reference in ["../secret.yml", secret, "./sub/../../secret.yml"] {
            try "exclude: []\nextends: \(reference)\n".write(toFile: config, atomically: true, encoding: .utf8)
            let error = #expect(throws: ConfigurationError.self) {
                try ConfigurationLoader.load(root: repository, explicitPath: nil, rules: ruleSchemas)
            }
            #expect(error == ConfigurationError(
                file: config, line: 2, column: 10,
                message: "'\(reference)' leads to a file outside the repository; keep shared configuration inside the "
                    + "repository, or pass --allow-config-outside-root to read it"))
        }
        _ = outside
    }

    @Test func extendsOutsideTheRootIsAllowedWithTheFlagButNeverQuoted() throws {
        let (outside, repository, secret) = try repositoryBesideASecret("exclude: []\nrules:\n  module-cycle: gho_0123456789abcdef\n")
        try "extends: ../secret.yml\n".write(
            toFile: (repository as NSString).appendingPathComponent(".archlint.yml"), atomically: true, encoding: .utf8)
        let error = #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(root: repository, explicitPath: nil, rules: ruleSchemas, allowOutsideRoot: true)
        }
        #expect(error == ConfigurationError(
            file: secret, line: 3, column: 17,
            message: "'rules.module-cycle' is invalid; this file is outside the repository, so archlint doesn't quote it — check that key in the file"))
        #expect(error?.description.contains("gho_") == false)

        // Unknown keys, YAML errors and bad extends in an outside file: the location, never the text.
        for text in ["gho_0123456789abcdef: 1\n", "exclude: [\"gho_0123456789abcdef\n", "extends: gho_0123456789abcdef\n",
                     "extends: gho_0123456789abcdef.yml\n"] {
            try text.write(toFile: secret, atomically: true, encoding: .utf8)
            let error = #expect(throws: ConfigurationError.self) {
                try ConfigurationLoader.load(root: repository, explicitPath: nil, rules: ruleSchemas, allowOutsideRoot: true)
            }
            #expect(error?.line != nil)
            #expect(error?.description.contains("gho_") == false, "\(error?.description ?? "")")
        }

        try "layers:\n  - {name: app, modules: [\"App\"]}\n".write(toFile: secret, atomically: true, encoding: .utf8)
        let configuration = try ConfigurationLoader.load(
            root: repository, explicitPath: nil, rules: ruleSchemas, allowOutsideRoot: true)
        #expect(configuration.layers.map(\.name) == ["app"])
        _ = outside
    }

    @Test func symlinksLeadingOutsideCountAsOutside() throws {
        let (outside, repository, secret) = try repositoryBesideASecret("rules:\n  module-cycle: gho_0123456789abcdef\n")
        let link = (repository as NSString).appendingPathComponent("shared.yml")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: secret)
        let config = (repository as NSString).appendingPathComponent(".archlint.yml")
        try "extends: shared.yml\n".write(toFile: config, atomically: true, encoding: .utf8)
        let error = #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(root: repository, explicitPath: nil, rules: ruleSchemas)
        }
        #expect(error?.message.hasPrefix("'shared.yml' leads to a file outside the repository") == true)

        // The configuration itself a symlink to outside.
        try FileManager.default.removeItem(atPath: config)
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: secret)
        let rootError = #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(root: repository, explicitPath: nil, rules: ruleSchemas)
        }
        #expect(rootError?.message.hasPrefix("the configuration is a symlink to a file outside the repository") == true)
        #expect(rootError?.description.contains("gho_") == false)
        _ = outside
    }

    /// `--config FILE` is the user's own choice: read wherever it is, and its directory is trusted for `extends`.
    @Test func explicitConfigurationOutsideTheRootIsTrusted() throws {
        let (outside, repository, _) = try repositoryBesideASecret("layers:\n  - {name: app, modules: [\"App\"]}\n")
        let explicit = try outside.write("ci.yml", "extends: secret.yml\n")
        let configuration = try ConfigurationLoader.load(root: repository, explicitPath: explicit, rules: ruleSchemas)
        #expect(configuration.layers.map(\.name) == ["app"])
    }

    // MARK: extends depth

    @Test func deepExtendsChainHasItsOwnError() throws {
        let directory = try TemporaryDirectory()
        for index in 0..<3_000 {
            try directory.write("chain/c\(index).yml", index == 2_999 ? "exclude: []\n" : "extends: ../chain/c\(index + 1).yml\n")
        }
        let config = try directory.write(".archlint.yml", "extends: chain/c0.yml\n")
        var error: ConfigurationError?
        do {
            error = #expect(throws: ConfigurationError.self) {
                try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas)
            }
        }
        #expect(error?.message.hasPrefix("extends chain deeper than 64 at ") == true, "\(error?.description ?? "")")
        #expect(error?.message.contains("not found") == false)
        #expect(error?.description.contains("chain/../chain") == false, "paths stay short: \(error?.description ?? "")")
        #expect(error?.line == 1)
        _ = config
    }

    @Test func shallowExtendsChainLoads() throws {
        let directory = try TemporaryDirectory()
        for index in 0..<40 {
            try directory.write("c\(index).yml", index == 39 ? "layers:\n  - {name: app, modules: [\"App\"]}\n" : "extends: c\(index + 1).yml\n")
        }
        try directory.write(".archlint.yml", "extends: c0.yml\n")
        let configuration = try ConfigurationLoader.load(root: directory.path, explicitPath: nil, rules: ruleSchemas)
        #expect(configuration.layers.map(\.name) == ["app"])
    }
}
