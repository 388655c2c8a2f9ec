@testable import ProfileFeature
import XCTest

final class ProfileTests: XCTestCase {}
