import XCTest
@testable import Core
import Models

final class StoreTests: XCTestCase {}
