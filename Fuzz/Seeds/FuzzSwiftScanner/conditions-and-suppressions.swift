#if canImport(UIKit) && !os(watchOS)
@_implementationOnly import UIKit
#elseif DEBUG
import struct Foundation.Date
#endif
// archlint:disable:next layer-violation
final class Builder<T>: Component<ParentDependency>, Interface where T: Sendable {
    lazy var child = ChildBuilder(parent: self, dependency: dependency)
    func f() { _ = #"raw \(x)"#; let s = """
        \(1 + 2)
        """ }
}
extension Builder: @unchecked Sendable {}
