import Profile
import ProfileInterface
import Theme

public final class SettingsBuilder {
    let profile = ProfileBuilder()
    public init() {}
}
