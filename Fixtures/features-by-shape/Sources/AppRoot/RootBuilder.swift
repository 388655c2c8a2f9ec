import Home
import Networking
import Profile
import Settings

public final class RootBuilder {}
