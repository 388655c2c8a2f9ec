import ArchlintModel
import Foundation
import SystemSupport

public enum BaselineError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case corrupt(path: String, reason: String)
    case unsupportedVersion(path: String, version: Int)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read baseline \(path): \(reason)"
        case .corrupt(let path, let reason):
            "\(path) is not a valid archlint baseline: \(reason). Regenerate it with `archlint baseline --output \(path)`."
        case .unsupportedVersion(let path, let version):
            "\(path) is an archlint baseline of format version \(version); this archlint reads version \(Baseline.formatVersion). Regenerate it with `archlint baseline --output \(path)`."
        case .unwritable(let path, let reason):
            "cannot write baseline \(path): \(reason)"
        }
    }
}

extension Baseline {
    /// The file's bytes: pretty-printed, entries sorted by key, keys in a fixed order, ending with a newline.
    public func encoded() -> String {
        let violations = entries.map { entry in
            JSONValue.object([
                ("rule", .string(entry.key.rule)),
                ("module", .optional(entry.key.module)),
                ("subject", .strings(entry.key.subject)),
                ("file", .optional(entry.key.file)),
                ("count", .int(entry.count)),
                ("files", .strings(entry.files)),
                ("message", .optional(entry.message)),
            ])
        }
        return JSONValue.object([
            ("tool", .string("archlint")),
            ("version", .int(Self.formatVersion)),
            ("violations", .array(violations)),
        ]).rendered() + "\n"
    }

    /// Parses a baseline file's contents; `path` only names the file in errors.
    public static func decode(_ data: Data, path: String) throws(BaselineError) -> Baseline {
        let file: FileFormat
        do {
            file = try JSONDecoder().decode(FileFormat.self, from: data)
        } catch let error as DecodingError {
            throw .corrupt(path: path, reason: describe(error))
        } catch {
            throw .corrupt(path: path, reason: "\(error)")
        }
        guard file.version == formatVersion else { throw .unsupportedVersion(path: path, version: file.version) }
        if let tool = file.tool, tool != "archlint" {
            throw .corrupt(path: path, reason: "\"tool\" is \"\(tool)\", expected \"archlint\"")
        }
        var entries: [Entry] = []
        for (index, violation) in file.violations.enumerated() {
            guard violation.count > 0 else {
                throw .corrupt(path: path, reason: "violations[\(index)].count must be at least 1, found \(violation.count)")
            }
            guard !violation.rule.isEmpty else {
                throw .corrupt(path: path, reason: "violations[\(index)].rule is empty")
            }
            let key = BaselineKey(rule: violation.rule, module: violation.module, subject: violation.subject ?? [], file: violation.file)
            entries.append(Entry(key: key, count: violation.count, files: violation.files ?? [], message: violation.message))
        }
        return Baseline(entries: entries)
    }

    /// The largest baseline archlint reads (300,000 entries take about 150 MiB).
    public static let maximumFileSize = 1 << 30

    /// Reads a baseline that must be a regular file (a FIFO or a device is refused, never waited on).
    public static func load(path: String) throws(BaselineError) -> Baseline {
        switch RegularFile.read(path, limit: maximumFileSize) {
        case .success(let bytes): return try decode(Data(bytes), path: path)
        case .failure(let failure): throw .unreadable(path: path, reason: failure.reason)
        }
    }

    /// Replaces the file atomically through `fileGuard`: only a baseline (or, with `force`, any file). A symlinked
    /// baseline stays a symlink (its target, inside the guard's root, is rewritten) and an existing file keeps its
    /// permission bits.
    public func write(to path: String, fileGuard: FileGuard = .unconfined, force: Bool = false) throws(BaselineError) {
        do {
            try fileGuard.write(Array(encoded().utf8), to: path, kind: Self.fileKind, force: force)
        } catch {
            throw .unwritable(path: path, reason: error.reason)
        }
    }

    /// An archlint baseline: what `write` replaces without `--force`.
    public static let fileKind = FileKind(name: "an archlint baseline") { bytes in
        (try? decode(Data(bytes), path: "")) != nil
    }

    private struct FileFormat: Decodable {
        var tool: String?
        var version: Int
        var violations: [Violation]
    }

    private struct Violation: Decodable {
        var rule: String
        var module: String?
        var subject: [String]?
        var file: String?
        var count: Int
        var files: [String]?
        var message: String?
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let components = context.codingPath.map { key in
                key.intValue.map { "[\($0)]" } ?? "." + key.stringValue
            }
            let text = components.joined().drop { $0 == "." }
            return text.isEmpty ? "the top level" : String(text)
        }
        switch error {
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return context.codingPath.isEmpty
                ? "it is not JSON" + (underlying.map { " (\($0))" } ?? "")
                : "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "the top level" : path(context)
            return "\(parent) is missing \"\(key.stringValue)\""
        case .typeMismatch(let type, let context):
            return "\(path(context)) should be \(describe(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)) should be \(describe(type)), found null"
        @unknown default:
            return "\(error)"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "an integer"
        case is String.Type: "a string"
        case is [String].Type: "a list of strings"
        default: "\(type)".hasPrefix("Array") ? "a list" : "an object"
        }
    }
}
