import Dispatch

/// Runs `body` for every index on all cores and returns the results in index order, so the output never depends
/// on scheduling.
public func parallelMap<Result: Sendable>(count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    let slots = ResultSlots<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        slots.store(body(index), at: index)
    }
    return slots.collect()
}

/// The value `body` returns and the wall-clock seconds it took.
public func timed<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> (Value, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

/// Runs two independent computations at once and returns both results.
public func concurrently<First: Sendable, Second: Sendable>(
    _ first: @Sendable () -> First, _ second: @Sendable () -> Second
) -> (First, Second) {
    let firstSlot = ResultSlots<First>(count: 1), secondSlot = ResultSlots<Second>(count: 1)
    DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 { firstSlot.store(first(), at: 0) } else { secondSlot.store(second(), at: 0) }
    }
    return (firstSlot.collect()[0], secondSlot.collect()[0])
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
