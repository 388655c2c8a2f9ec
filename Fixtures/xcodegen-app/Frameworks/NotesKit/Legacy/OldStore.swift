// Excluded by `Legacy/**`: kept for reference while notes migrate.
final class OldStore {}
