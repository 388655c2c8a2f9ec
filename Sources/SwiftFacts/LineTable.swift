import SwiftSyntax

/// Byte offset → 1-based line and UTF-8 column, built from the source text in one pass (cheaper than
/// `SourceLocationConverter(fileName:tree:)`, which walks the tree and copies its text). Lines end at `\n`,
/// `\r\n` or a lone `\r`, as in the Swift lexer; `#sourceLocation` is not applied (physical positions).
struct LineTable {
    /// Offset of the first byte of each line; `lineStarts[0] == 0`.
    private var lineStarts: [Int] = [0]

    init(_ source: String) {
        var source = source
        source.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                index += 1
                if byte == 0x0A {
                    lineStarts.append(index)
                } else if byte == 0x0D {
                    if index < count && bytes[index] == 0x0A { index += 1 }
                    lineStarts.append(index)
                }
            }
        }
    }

    func location(of position: AbsolutePosition) -> (line: Int, column: Int) {
        let offset = position.utf8Offset
        // The last line start ≤ offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }
}
