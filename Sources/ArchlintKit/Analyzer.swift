import ArchlintModel
import Configuration
import Graphs
import Reporting
import Rendering
import Rules
import Workspace

/// The whole pipeline.
public enum Analyzer {}
