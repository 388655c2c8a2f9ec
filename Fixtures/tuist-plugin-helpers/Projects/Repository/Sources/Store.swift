import Alamofire
import Utils

public struct Store {
    public init() {}
}
