import XCTest
@testable import HomeFeature

final class HomeFeatureTests: XCTestCase {}
