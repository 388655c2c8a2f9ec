// this is for tuist
import Realm
