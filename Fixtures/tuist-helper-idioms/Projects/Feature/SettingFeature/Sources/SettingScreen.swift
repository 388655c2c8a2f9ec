import AuthDomain

struct SettingScreen {
    let session: Session
}
