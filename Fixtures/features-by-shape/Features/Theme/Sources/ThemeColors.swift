import SwiftUI

public struct ThemeColors { public init() {} }
