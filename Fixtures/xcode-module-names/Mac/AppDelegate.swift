import AppKit

final class MacAppDelegate: NSObject {}
