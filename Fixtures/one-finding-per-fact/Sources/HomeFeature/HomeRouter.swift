import GachaFeature
import Networking

final class HomeRouter {}
