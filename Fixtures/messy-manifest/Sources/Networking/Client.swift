import Logging

public struct Client {}
