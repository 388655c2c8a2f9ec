import SwiftUI

public protocol Buildable: AnyObject {}

open class BaseViewModel: ObservableObject {
    public init() {}
}
