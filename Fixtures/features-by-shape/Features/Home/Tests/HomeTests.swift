import XCTest
@testable import Home
import HomeTesting

final class HomeTests: XCTestCase {}
