/// What an unfinished git merge leaves in a file: lines that start with a conflict marker.
public enum MergeConflict {
    /// The first line that starts with a marker (seven or more of `<`, `=`, `>` or `|`, then a space or the line's
    /// end: `<<<<<<< HEAD`, `=======`, `<<<<<<<< HEAD:path`), with its 1-based line number.
    public static func firstMarker(in bytes: [UInt8]) -> (text: String, line: Int)? {
        var line = 1
        var start = 0
        while start < bytes.count {
            let first = bytes[start]
            if first == UInt8(ascii: "<") || first == UInt8(ascii: "=") || first == UInt8(ascii: ">") || first == UInt8(ascii: "|") {
                var end = start
                while end < bytes.count, bytes[end] == first { end += 1 }
                let ends = end == bytes.count || bytes[end] == 0x20 || bytes[end] == 0x0A || bytes[end] == 0x0D
                if end - start >= 7, ends { return (String(decoding: bytes[start..<end], as: UTF8.self), line) }
            }
            guard let newline = ByteScan.firstIndex(of: 0x0A, in: bytes, from: start) else { break }
            start = newline + 1
            line += 1
        }
        return nil
    }
}
