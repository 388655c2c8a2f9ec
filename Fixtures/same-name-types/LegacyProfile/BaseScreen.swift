import UIKit

open class BaseScreen: NSObject {}
