import ArchlintTestSupport

/// Manifests that used to crash the reader (a stack overflow) or exhaust memory are read again in a child test
/// process, so a regression fails that test instead of killing the whole run.
let manifestChild = ChildTestRun(marker: "ARCHLINT_MANIFEST_CHILD_TEST")
