public enum MicroTarget: CaseIterable {
    case interface
    case testing
    case unitTest
    case demo
}
