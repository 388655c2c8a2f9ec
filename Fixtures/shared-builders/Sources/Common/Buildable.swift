import UIKit

/// What a feature exposes to the others: a builder, never its implementation.
public protocol GachaBuildable {
    func build(campaignID: String) -> UIViewController
}

public protocol ProfileBuildable {
    func build(userID: String) -> UIViewController
}
