import XCTest
@testable import AuthDomain

final class AuthDomainTests: XCTestCase {}
