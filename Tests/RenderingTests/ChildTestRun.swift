import ArchlintTestSupport

/// What can't be staged inside the shared test process (an emptied PATH, graphviz's plugin directory) runs in
/// a child test process.
let renderingChild = ChildTestRun(marker: "ARCHLINT_RENDERING_CHILD_TEST")
