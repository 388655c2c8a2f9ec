import BaseService
import UserService

public struct ProfileView {
    let users = UserStore(client: ServiceClient())
}
