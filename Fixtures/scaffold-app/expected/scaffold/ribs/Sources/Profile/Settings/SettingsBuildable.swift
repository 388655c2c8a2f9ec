import RIBs

/// What the parent of Settings calls to attach it.
protocol SettingsBuildable: Buildable {
    func build(withListener listener: SettingsListener) -> ViewableRouting
}

/// What Settings tells its parent.
protocol SettingsListener: AnyObject {}
