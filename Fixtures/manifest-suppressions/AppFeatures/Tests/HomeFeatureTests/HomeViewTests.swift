@testable import HomeFeature
import XCTest

final class HomeViewTests: XCTestCase {}
