import UIKit

public protocol ShopBuildable {
    func build() -> UIViewController
}
