import XCTest
@testable import Core
import TestSupport

final class CoreTests: XCTestCase {}
