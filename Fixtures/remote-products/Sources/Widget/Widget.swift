import SwiftUI
import WidgetKit

struct ShopWidget {}
