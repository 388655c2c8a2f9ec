import ArchlintModel

/// What a `*.xcworkspace` puts together: its projects and its local packages.
public struct XcodeWorkspaceFacts: Codable, Hashable, Sendable {
    /// The `.xcworkspace` folder, relative to the scanned root.
    public var path: String
    /// `.xcodeproj` folders, relative to the root, in the order written.
    public var projects: [String]
    /// Where the workspace lists each of `projects`.
    public var projectLocations: [SourceLocation] = []
    /// Folders holding a `Package.swift`, relative to the root, in the order written.
    public var packages: [String]
    public var issues: [ProjectIssue]

    public init(path: String, projects: [String] = [], packages: [String] = [], issues: [ProjectIssue] = []) {
        self.path = path
        self.projects = projects
        self.packages = packages
        self.issues = issues
    }

    public var declarationFile: String { path + "/contents.xcworkspacedata" }
}

/// Reads `contents.xcworkspacedata` without an XML library: the file is a flat list of `<FileRef location=…>`
/// inside nested `<Group location=…>`, so a linear tag scan reads it exactly, and no entity or nesting trick in
/// a hostile file can make it expand or recurse.
public enum XcodeWorkspaceReader {
    /// Xcode writes groups a few levels deep; a file past this is not a workspace anyone edits.
    public static let maximumGroupDepth = 64

    public static func read(workspacePath: String, fileSystem: any ProjectFileSystem) -> XcodeWorkspaceFacts {
        var facts = XcodeWorkspaceFacts(path: workspacePath)
        guard let bytes = fileSystem.contents(of: facts.declarationFile) else {
            facts.issues.append(ProjectIssue(
                file: workspacePath, message: "the workspace has no readable contents.xcworkspacedata", line: 1,
                column: 1))
            return facts
        }
        let container = PathText.parent(of: workspacePath)
        var groups: [String] = [container]
        for tag in Tag.scan(bytes) {
            switch tag.name {
            case "Group":
                guard !tag.selfClosing else { continue }
                guard groups.count <= maximumGroupDepth else {
                    facts.issues.append(ProjectIssue(
                        file: facts.declarationFile,
                        message: "groups nest deeper than \(maximumGroupDepth): the rest of the workspace is not read",
                        line: tag.line, column: tag.column))
                    return facts
                }
                let base = resolve(tag.attributes["location"], container: container, group: groups.last ?? container)
                groups.append(base ?? groups.last ?? container)
            case "/Group":
                if groups.count > 1 { groups.removeLast() }
            case "FileRef":
                guard let location = tag.attributes["location"] else { continue }
                guard let path = resolve(location, container: container, group: groups.last ?? container) else {
                    if !location.hasPrefix("self:") && !location.hasPrefix("developer:") {
                        facts.issues.append(ProjectIssue(
                            file: facts.declarationFile,
                            message: "location `\(location)` is outside the repository or of an unknown kind; "
                                + "it is not read", line: tag.line, column: tag.column))
                    }
                    continue
                }
                if path.hasSuffix(".xcodeproj") {
                    facts.projects.append(path)
                    facts.projectLocations.append(SourceLocation(file: facts.declarationFile, line: tag.line, column: tag.column))
                } else if fileSystem.contents(of: PathText.join(path, "Package.swift")) != nil {
                    facts.packages.append(path)
                }
            default:
                continue
            }
        }
        return facts
    }

    /// `group:` is relative to the enclosing group, `container:` to the workspace's folder; `absolute:` paths and
    /// locations that leave the root are not followed.
    private static func resolve(_ location: String?, container: String, group: String) -> String? {
        guard let location else { return group }
        let path: String
        if location.hasPrefix("group:") {
            path = PathText.join(group, String(location.dropFirst("group:".count)))
        } else if location.hasPrefix("container:") {
            path = PathText.join(container, String(location.dropFirst("container:".count)))
        } else {
            return nil
        }
        return path.hasPrefix("/") || path == ".." || path.hasPrefix("../") ? nil : path
    }
}

/// One XML start or end tag with its attributes (entities decoded) and position.
private struct Tag {
    var name: String
    var attributes: [String: String]
    var selfClosing: Bool
    var line: Int
    var column: Int

    static func scan(_ bytes: [UInt8]) -> [Tag] {
        var tags: [Tag] = []
        var index = 0
        var line = 1
        var lineStart = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            guard byte == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let start = index
            let column = start - lineStart + 1
            var end = index + 1
            var quote: UInt8?
            while end < bytes.count {
                let current = bytes[end]
                if let open = quote {
                    if current == open { quote = nil }
                } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                    quote = current
                } else if current == UInt8(ascii: ">") {
                    break
                }
                if current == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = end + 1
                }
                end += 1
            }
            let body = String(decoding: bytes[(start + 1)..<min(end, bytes.count)], as: UTF8.self)
            index = end + 1
            if body.hasPrefix("?") || body.hasPrefix("!") { continue }
            tags.append(parse(body, line: line, column: column))
        }
        return tags
    }

    private static func parse(_ body: String, line: Int, column: Int) -> Tag {
        var text = Substring(body)
        let selfClosing = text.hasSuffix("/")
        if selfClosing { text = text.dropLast() }
        let name = String(text.prefix { !$0.isWhitespace })
        var attributes: [String: String] = [:]
        var rest = text.dropFirst(name.count)
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].trimmingWhitespace()
            var value = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = value.first, quote == "\"" || quote == "'" else { break }
            value = value.dropFirst()
            let close = value.firstIndex(of: quote) ?? value.endIndex
            attributes[String(key)] = decodeEntities(String(value[..<close]))
            rest = close < value.endIndex ? value[value.index(after: close)...] : value[close...]
        }
        return Tag(name: name, attributes: attributes, selfClosing: selfClosing, line: line, column: column)
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[ampersand...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after.dropFirst()
                continue
            }
            let entity = after[after.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += after[...semicolon]
                }
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }
}

private extension Substring {
    func trimmingWhitespace() -> Substring {
        var trimmed = drop { $0.isWhitespace }
        while let last = trimmed.last, last.isWhitespace { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
