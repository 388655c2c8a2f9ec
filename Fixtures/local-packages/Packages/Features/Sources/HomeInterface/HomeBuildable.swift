import UIKit

public protocol HomeBuildable {
    func build() -> UIViewController
}
