import XCTest
@testable import Reader

final class ReaderTests: XCTestCase {}
