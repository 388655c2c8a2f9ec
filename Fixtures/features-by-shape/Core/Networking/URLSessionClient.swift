import NetworkingInterface

public struct URLSessionClient: HTTPClient {}
