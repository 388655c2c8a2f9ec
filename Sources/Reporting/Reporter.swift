import ArchlintModel
import Rules

/// Formats diagnostics.
public enum Reporters {}
