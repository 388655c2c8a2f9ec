import Alamofire

public struct Client {}
