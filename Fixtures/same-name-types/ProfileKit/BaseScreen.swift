import UIKit

open class BaseScreen: UIViewController {}
