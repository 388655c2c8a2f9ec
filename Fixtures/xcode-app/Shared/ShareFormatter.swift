import Foundation

/// Compiled by both the App and the ShareExtension targets (two build files, one file reference).
struct ShareFormatter {
    func text(for title: String, count: Int) -> String {
        count == 1 ? "\(title): 1 item" : "\(title): \(count) items"
    }
}
