import ArchlintModel

/// The modules a target's Objective-C and C code imports (`@import Kit;`, `#import <Kit/Kit.h>`): in the files its
/// Sources phase compiles, in its Swift bridging header, and in the local headers those include (`#import "X.h"`
/// beside the including file, two levels deep). The target uses them without a Swift `import` (nextcloud's share
/// extension compiles `NCKeyChainController.m`, which imports `UICKeyChainStore`).
public enum ObjectiveCImports {
    /// The extensions of the sources read: Objective-C, Objective-C++, C and C++.
    static let sourceExtensions: Set<String> = ["m", "mm", "c", "cc", "cpp", "cxx"]
    /// The extensions of the headers they include.
    static let headerExtensions: Set<String> = ["h", "hpp"]
    /// Files read per target at most (sources and headers together).
    static let maximumFiles = 5_000

    static func isSource(_ path: String) -> Bool {
        sourceExtensions.contains(pathExtension(path))
    }

    /// Whether the file is one this reads (a source or a header): discovery lists such files for the readers
    /// and the tree fingerprint.
    public static func reads(_ path: String) -> Bool {
        let pathExtension = pathExtension(path)
        return sourceExtensions.contains(pathExtension) || headerExtensions.contains(pathExtension)
    }

    private static func pathExtension(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "" }
        return String(path[path.index(after: dot)...])
    }

    /// The modules, sorted (files that can't be read add nothing); `complete` is false when there were more than
    /// `maximumFiles` files to read.
    static func modules(
        in files: [String], fileSystem: any ProjectFileSystem, maximumFiles: Int = maximumFiles
    ) -> (modules: [String], complete: Bool) {
        var modules: Set<String> = []
        var visited: Set<String> = []
        var pending = files.map { (path: $0, depth: 0) }
        var next = 0
        while next < pending.count {
            let (path, depth) = pending[next]
            next += 1
            guard !visited.contains(path) else { continue }
            guard visited.count < maximumFiles else { return (modules.sorted(), false) }
            visited.insert(path)
            guard let bytes = fileSystem.contents(of: path) else { continue }
            let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
            for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
                switch directive(line) {
                case .module(let name): modules.insert(name)
                case .local(let header) where depth < 2:
                    pending.append((folder.isEmpty ? header : folder + "/" + header, depth + 1))
                default: break
                }
            }
        }
        return (modules.sorted(), true)
    }

    private enum Directive {
        case module(String)
        case local(String)
    }

    /// `@import Kit;` and `#import <Kit/…>` (or `#include`) name a module; `#import "X.h"` a local header.
    private static func directive(_ line: Substring) -> Directive? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        if text.hasPrefix("@import ") {
            let name = text.dropFirst(8).drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : .module(String(name))
        }
        guard text.hasPrefix("#") else { return nil }
        let afterHash = text.dropFirst().drop { $0 == " " }
        guard let keyword = ["import", "include"].first(where: { afterHash.hasPrefix($0) }) else { return nil }
        let argument = afterHash.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }
        if argument.hasPrefix("<"), let slash = argument.firstIndex(of: "/"),
           let close = argument.firstIndex(of: ">"), slash < close {
            let name = argument[argument.index(after: argument.startIndex)..<slash]
            return name.isEmpty ? nil : .module(String(name))
        }
        if argument.hasPrefix("\""), let close = argument.dropFirst().firstIndex(of: "\"") {
            let header = argument[argument.index(after: argument.startIndex)..<close]
            return header.isEmpty || header.hasPrefix("/") ? nil : .local(String(header))
        }
        return nil
    }
}
