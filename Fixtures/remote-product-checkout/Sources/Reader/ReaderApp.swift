import Cache
import OrderedCollections
import SwiftUI

struct ReaderApp {
    var recent = OrderedSet<String>()
}
