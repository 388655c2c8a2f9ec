import SwiftUI

/// What the parent of Settings calls to show it. The view's type stays concrete (no `AnyView`), so SwiftUI
/// keeps its identity and diffing.
@MainActor
public protocol SettingsBuildable {
    associatedtype Content: View

    func makeView() -> Content
}

/// A SettingsBuildable whose builder type is erased: a parent holds this without knowing the concrete builder.
@MainActor
public struct AnySettingsBuilder<Content: View>: SettingsBuildable {
    private let make: () -> Content

    public init<Wrapped: SettingsBuildable>(_ builder: Wrapped) where Wrapped.Content == Content {
        make = { builder.makeView() }
    }

    public func makeView() -> Content {
        make()
    }
}
