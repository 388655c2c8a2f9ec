import Crypto
import Foundation

/// The report's Content-Security-Policy: nothing is fetched (`default-src 'none'`), and the one inline script
/// and stylesheet run only because their SHA-256 hashes are listed. Graphviz SVG styles with attributes, which
/// a policy without style attributes still allows.
enum ReportPolicy {
    static func hash(_ text: String) -> String {
        "'sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString() + "'"
    }

    static let content: String = [
        "default-src 'none'",
        "script-src \(hash(ReportScript.source))",
        "style-src \(hash(ReportStyle.stylesheet))",
        "img-src data:",
        "base-uri 'none'",
        "form-action 'none'",
    ].joined(separator: "; ")
}
