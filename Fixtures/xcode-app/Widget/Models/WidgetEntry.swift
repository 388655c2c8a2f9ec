import Foundation
import WidgetKit

/// Compiled by WidgetExtension (it owns the synchronized folder) and by App (its exception set adds this file).
struct WidgetEntry: TimelineEntry {
    let date: Date
    let title: String

    static let placeholder = WidgetEntry(date: .distantPast, title: "—")
}
