import Foundation

public struct Request {}
