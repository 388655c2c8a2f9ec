import Foundation

/// A macOS version, `13.0`.
struct Version: Comparable, Hashable {
    var major: Int
    var minor: Int

    init(_ major: Int, _ minor: Int) {
        self.major = major
        self.minor = minor
    }

    init?(_ text: String) {
        let parts = text.split(separator: ".").map { Int($0) }
        guard let major = parts.first ?? nil else { return nil }
        self.init(major, parts.count > 1 ? parts[1] ?? 0 : 0)
    }

    var text: String { "\(major).\(minor)" }

    static func < (a: Version, b: Version) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
}

/// The standard library's APIs introduced on macOS after the package's floor, from the toolchain's own
/// availability data: `swift symbolgraph-extract` keeps every `@available(macOS …)` even on Linux.
struct NewerAPIs {
    var floor: Version
    /// Top-level types newer than the floor, by name.
    var types: [String: Version] = [:]
    /// `Type.init(labels:)` for initializers; `name(labels:)` or `name` for members, when every stdlib member of
    /// that name and those labels is newer than the floor (one older overload makes a call ambiguous to a text scan).
    var members: [String: Version] = [:]

    static let modules = ["Swift", "_Concurrency", "_StringProcessing", "Synchronization"]

    /// The floor `Package.swift` declares: `.macOS(.v13)` or `.macOS("13.5")`.
    static func floor(inManifest manifest: String) -> Version? {
        guard let range = manifest.range(of: #"\.macOS\(\s*(\.v[0-9_]+|"[0-9.]+")\s*\)"#, options: .regularExpression) else {
            return nil
        }
        let argument = manifest[range].dropFirst(".macOS(".count).dropLast().trimmingCharacters(in: .whitespaces)
        return Version(argument.replacingOccurrences(of: ".v", with: "").replacingOccurrences(of: "_", with: ".")
            .replacingOccurrences(of: "\"", with: ""))
    }

    /// Runs `swift symbolgraph-extract` for `modules` into a temporary directory and reads the result.
    static func extract(floor: Version) throws -> NewerAPIs {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-symbols-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let triple = try run(["-print-target-info"]).flatMap { output -> String? in
            let info = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
            return (info?["target"] as? [String: Any])?["triple"] as? String
        }
        guard let triple else { throw Failure("`swift -print-target-info` named no target triple") }
        for module in modules {
            _ = try run(["symbolgraph-extract", "-module-name", module, "-target", triple, "-output-dir", directory,
                         "-minimum-access-level", "public", "-skip-synthesized-members"])
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".symbols.json") }
        guard files.contains("Swift.symbols.json") else { throw Failure("symbolgraph-extract wrote no Swift.symbols.json") }
        var symbols: [Symbol] = []
        for file in files.sorted() {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
            symbols += try JSONDecoder().decode(SymbolGraph.self, from: data).symbols
        }
        return NewerAPIs(floor: floor, symbols: symbols)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// `swift ARGUMENTS`' standard output; nil when it failed.
    private static func run(_ arguments: [String]) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure("`swift \(arguments.joined(separator: " "))` failed (status \(process.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    init(floor: Version, types: [String: Version] = [:], members: [String: Version] = [:]) {
        self.floor = floor
        self.types = types
        self.members = members
    }

    init(floor: Version, symbols: [Symbol]) {
        self.floor = floor
        // A member without availability of its own has its type's.
        var typeVersions: [[String]: Version] = [:]
        for symbol in symbols where Self.typeKinds.contains(symbol.kind.identifier) {
            if let version = symbol.macOS { typeVersions[symbol.pathComponents] = version }
        }
        func effective(_ symbol: Symbol) -> Version {
            if let own = symbol.macOS { return own }
            var path = symbol.pathComponents.dropLast()
            while !path.isEmpty {
                if let version = typeVersions[Array(path)] { return version }
                path = path.dropLast()
            }
            return Version(0, 0)
        }
        var earliestType: [String: Version] = [:]
        var earliestMember: [String: Version] = [:]
        for symbol in symbols {
            let version = effective(symbol)
            let title = symbol.names.title
            if symbol.pathComponents.count == 1, Self.typeKinds.contains(symbol.kind.identifier) {
                earliestType[title] = min(earliestType[title] ?? version, version)
                continue
            }
            guard symbol.pathComponents.count >= 2 else { continue }
            let key = title.hasPrefix("init(") ? symbol.pathComponents[symbol.pathComponents.count - 2] + "." + title : title
            earliestMember[key] = min(earliestMember[key] ?? version, version)
        }
        types = earliestType.filter { $0.value > floor }
        members = earliestMember.filter { $0.value > floor }
    }

    static let typeKinds: Set<String> = ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"]

    struct SymbolGraph: Decodable {
        var symbols: [Symbol]
    }

    struct Symbol: Decodable {
        struct Kind: Decodable { var identifier: String }
        struct Names: Decodable { var title: String }
        struct Availability: Decodable {
            struct Introduced: Decodable { var major: Int; var minor: Int? }
            var domain: String?
            var introduced: Introduced?
        }

        var kind: Kind
        var names: Names
        var pathComponents: [String]
        var availability: [Availability]?

        var macOS: Version? {
            guard let introduced = availability?.first(where: { $0.domain == "macOS" })?.introduced else { return nil }
            return Version(introduced.major, introduced.minor ?? 0)
        }
    }
}
