// Not listed in `sources:`, so not part of the Networking target.
import UIKit

struct LegacyClient {}
