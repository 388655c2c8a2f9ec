import Foundation

final class GachaViewModel {
    private(set) var pulls: [String] = []

    func draw() {
        pulls.append(UUID().uuidString)
    }
}
