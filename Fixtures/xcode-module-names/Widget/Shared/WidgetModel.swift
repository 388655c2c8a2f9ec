import Foundation

struct WidgetModel {}
