import Foundation

public struct Clock {}
