import Core
import WidgetKit

struct StatusTimelineProvider: TimelineProvider {
    func placeholder(in context: Context) -> WidgetEntry { .placeholder }

    func getSnapshot(in context: Context, completion: @escaping (WidgetEntry) -> Void) {
        completion(.placeholder)
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<WidgetEntry>) -> Void) {
        let session = UserSession(userID: "widget")
        completion(Timeline(entries: [WidgetEntry(date: .now, title: session.userID)], policy: .atEnd))
    }
}
