import Foundation

/// `--changed` takes an optional revision, which swift-argument-parser can't express. A bare `--changed`
/// (last argument, or followed by an option or by an existing directory, which is then PATH) means the staged
/// changes. `--changed=REV` is always unambiguous.
enum ArgumentNormalizer {
    static func normalize(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            result.append(argument)
            if argument == "--" {
                result += arguments[(index + 1)...]
                break
            }
            if argument == "--changed" {
                let next = index + 1 < arguments.count ? arguments[index + 1] : nil
                if next == nil || next!.hasPrefix("-") || isDirectory(next!) {
                    result[result.count - 1] = "--changed=\(LintCommand.stagedSentinel)"
                }
            }
            index += 1
        }
        return result
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
