import ProjectDescription

public func moduleName(_ name: String) -> String {
    moduleName(name + "X")
}
