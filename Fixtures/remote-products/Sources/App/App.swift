import Firebase
import FirebaseInAppMessaging
import Foundation
import Logging
import SwiftUI

struct ShopApp {
    let logger = Logger(label: "shop")
}
