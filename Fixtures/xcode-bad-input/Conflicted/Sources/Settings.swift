struct Settings {
    var showsBadges = true
}
