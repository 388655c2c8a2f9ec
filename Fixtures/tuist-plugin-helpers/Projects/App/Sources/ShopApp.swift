import Profile
import Repository
import RxSwift
import SnapKit
import Utils

struct ShopApp {
    let profile = ProfileScreen()
    let store = Store()
}
