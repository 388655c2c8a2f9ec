import NotesKit

struct NotesWidget {}
