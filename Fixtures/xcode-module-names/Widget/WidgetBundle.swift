import WidgetKit

struct NotesWidgetBundle {}
