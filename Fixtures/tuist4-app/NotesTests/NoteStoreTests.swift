import XCTest
@testable import Notes

final class NoteStoreTests: XCTestCase {}
