import Kit
import UIKit

final class AppDelegate: UIResponder {
    let formatter = Formatter()
}
