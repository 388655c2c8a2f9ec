import Foundation
import NukeUI
import Atomics

public final class ImageCache {}
