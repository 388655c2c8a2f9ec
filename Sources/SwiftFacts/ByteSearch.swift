/// Byte-level substring tests for the scanner's pre-filters: no `Character` iteration, no allocation.
enum ByteSearch {
    static func contains(_ source: String, _ needle: StaticString) -> Bool {
        var source = source
        return source.withUTF8 { haystack in
            needle.withUTF8Buffer { pattern in contains(haystack, pattern) }
        }
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = pattern.first, pattern.count <= haystack.count else { return pattern.isEmpty }
        let lastStart = haystack.count - pattern.count
        var index = 0
        while index <= lastStart {
            if haystack[index] == first {
                var matched = 1
                while matched < pattern.count && haystack[index + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return true }
            }
            index += 1
        }
        return false
    }
}
