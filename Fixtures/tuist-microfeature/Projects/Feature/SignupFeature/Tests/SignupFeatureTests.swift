import XCTest
@testable import SignupFeature

final class SignupFeatureTests: XCTestCase {}
