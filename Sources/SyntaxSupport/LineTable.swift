import SwiftSyntax

/// Byte offset → 1-based line and UTF-8 column, built from the source text in one pass (cheaper than
/// `SourceLocationConverter(fileName:tree:)`, which walks the tree and copies its text). Lines end at `\n`,
/// `\r\n` or a lone `\r`, as in the Swift lexer; `#sourceLocation` is not applied (physical positions). The one
/// offset-to-line table: Swift files and manifests (after `NestingLimiter`'s cuts, as segments) both use it.
public struct LineTable: Sendable {
    /// Offset of the first byte of each line; `lineStarts[0] == 0`.
    private var lineStarts: [Int] = [0]
    /// For a text made of pieces of this one (`mapping(_:)`): where each piece starts in both; sorted.
    private var segments: [Segment] = []

    public struct Segment: Sendable {
        /// Offset in the text being located, and of the same byte in the original.
        public var start: Int
        public var originalStart: Int

        public init(start: Int, originalStart: Int) {
            self.start = start
            self.originalStart = originalStart
        }
    }

    /// Locates offsets of a text made of pieces of this table's source at their place in that source.
    public func mapping(_ segments: [Segment]) -> LineTable {
        var table = self
        table.segments = segments
        return table
    }

    public init(_ source: String) {
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

    public func location(of position: AbsolutePosition) -> (line: Int, column: Int) {
        location(ofOffset: position.utf8Offset)
    }

    public func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        var offset = offset
        if !segments.isEmpty {
            // The last segment starting at or before the offset.
            var low = 0
            var high = segments.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if segments[middle].start <= offset { low = middle } else { high = middle - 1 }
            }
            offset = segments[low].originalStart + max(0, offset - segments[low].start)
        }
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
