import CoreUI
import HomeFeature
import ProfileFeature
import SettingsFeature

final class AppRoot {
    let home = HomeBuilder()
    let profile = ProfileBuilder()
    let settings = SettingsBuilder()
}
