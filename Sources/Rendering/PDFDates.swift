import Foundation

/// Makes cairo's PDF reproducible. cairo 1.16 stamps `/CreationDate (D:20261124013941Z)` with the wall clock
/// in the local time zone (`+09'00` instead of `Z`) and ignores SOURCE_DATE_EPOCH; graphviz gives no way to
/// set cairo's metadata. The date is rewritten in place to SOURCE_DATE_EPOCH (or the Unix epoch when unset),
/// in UTC, with the same byte length, so the cross-reference offsets stay valid.
enum PDFDates {
    static let keys = ["/CreationDate (", "/ModDate ("]

    static func normalize(_ pdf: [UInt8], environment: [String: String] = ProcessInfo.processInfo.environment) -> [UInt8] {
        let epoch = environment["SOURCE_DATE_EPOCH"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        var bytes = pdf
        for key in keys.map({ Array($0.utf8) }) {
            var position = 0
            while let start = firstIndex(of: key, in: bytes, from: position) {
                let valueStart = start + key.count
                guard let end = bytes[valueStart...].firstIndex(of: UInt8(ascii: ")")) else { break }
                if let replacement = date(epoch: epoch, length: end - valueStart) {
                    bytes.replaceSubrange(valueStart..<end, with: replacement)
                }
                position = end
            }
        }
        return bytes
    }

    /// `D:YYYYMMDDHHmmSS` in UTC, with the zone written the way the original's length needs: `Z` (17 bytes),
    /// `+00'00` (22) or `+00'00'` (23). Nil for any other length (left as it is).
    static func date(epoch: Int64, length: Int) -> [UInt8]? {
        let zone: String
        switch length {
        case 17: zone = "Z"
        case 22: zone = "+00'00"
        case 23: zone = "+00'00'"
        default: return nil
        }
        var time = time_t(epoch)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return nil }
        let text = String(
            format: "D:%04d%02d%02d%02d%02d%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec)) + zone
        let bytes = Array(text.utf8)
        return bytes.count == length ? bytes : nil
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index] == needle[0] && haystack[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
