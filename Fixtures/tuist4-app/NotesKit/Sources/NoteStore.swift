import Storage

public final class NoteStore {}
