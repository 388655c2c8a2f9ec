import SwiftUI

/// Builds the view of Settings from its Needle component.
final class SettingsBuilder: SettingsBuildable {
    private let component: SettingsComponent

    init(component: SettingsComponent) {
        self.component = component
    }

    func makeView() -> SettingsView {
        SettingsView()
    }
}
