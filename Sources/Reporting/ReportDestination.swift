/// One `--report FORMAT:PATH` request: write that format to that file, alongside the main output.
public struct ReportDestination: Hashable, Sendable {
    public var format: String
    public var path: String

    public init(format: String, path: String) {
        self.format = format
        self.path = path
    }

    /// Parses `FORMAT:PATH` (the path may itself contain `:`). Throws a message naming the known formats.
    public init(parsing argument: String) throws(ReportDestinationError) {
        guard let colon = argument.firstIndex(of: ":") else { throw .missingPath(argument) }
        let format = String(argument[..<colon])
        let path = String(argument[argument.index(after: colon)...])
        guard Reporters.names.contains(format) else { throw .unknownFormat(format) }
        guard !path.isEmpty else { throw .missingPath(argument) }
        self.init(format: format, path: path)
    }

    public func reporter() -> any Reporter {
        Reporters.reporter(named: format) ?? TextReporter()
    }
}

public enum ReportDestinationError: Error, CustomStringConvertible, Equatable {
    case unknownFormat(String)
    case missingPath(String)

    public var description: String {
        switch self {
        case .unknownFormat(let format):
            "unknown report format '\(format)'; use one of: \(Reporters.names.joined(separator: ", "))"
        case .missingPath(let argument):
            "'\(argument)' is not FORMAT:PATH (e.g. sarif:archlint.sarif); formats: \(Reporters.names.joined(separator: ", "))"
        }
    }
}
