import Foundation
import UIKit

public struct Profile {
    public var name: String
    public var avatar: UIImage?
}
