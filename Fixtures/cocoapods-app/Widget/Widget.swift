import Foundation

public struct WidgetModel {
    public init() {}
}
