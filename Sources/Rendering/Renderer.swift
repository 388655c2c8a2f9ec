import ArchlintModel
import CGraphviz
import Graphs

/// Graph rendering.
public enum Renderer {}
