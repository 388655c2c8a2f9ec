import Dispatch

/// Runs `body` for every index on all cores and returns the results in index order, so the output never depends
/// on scheduling.
func parallelMap<Result: Sendable>(count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    let slots = ResultSlots<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        slots.store(body(index), at: index)
    }
    return slots.collect()
}

/// Write-once slots filled from `concurrentPerform`: every index is written by exactly one iteration and read
/// only after all iterations finished, so no locking is needed.
private final class ResultSlots<Result>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }

    func store(_ result: Result, at index: Int) {
        buffer[index] = result
    }

    func collect() -> [Result] {
        buffer.map { $0! }
    }
}
