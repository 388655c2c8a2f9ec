import BaseService
import Logging

public struct UserStore {
    public init(client: ServiceClient) { Log.info("users") }
}
