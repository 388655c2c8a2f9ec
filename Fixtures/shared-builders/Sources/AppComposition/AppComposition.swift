import UIKit
import Common
import GachaFeature
import ProfileFeature

/// The composition root: the one place that knows every feature's concrete builder.
public enum AppComposition {
    public static func makeProfile(userID: String) -> UIViewController {
        let profile: ProfileBuildable = ProfileBuilder(gachaBuilder: GachaBuilder())
        return profile.build(userID: userID)
    }
}
