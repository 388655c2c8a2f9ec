import NotesKit

@main
struct NotesApp {}
