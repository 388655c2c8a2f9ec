import SwiftUI
import WidgetKit

@main
struct AppWidgetBundle: WidgetBundle {
    var body: some Widget {
        StatusWidget()
    }
}

struct StatusWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Status", provider: StatusTimelineProvider()) { entry in
            Text(entry.title)
        }
    }
}
