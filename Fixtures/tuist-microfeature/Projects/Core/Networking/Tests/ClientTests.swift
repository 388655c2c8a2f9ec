import XCTest
@testable import Networking

final class ClientTests: XCTestCase {}
