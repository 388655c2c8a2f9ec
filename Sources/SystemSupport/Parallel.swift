import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

/// Runs `body` on a new thread with a stack of `stackBytes` and waits for it. For work whose recursion depth
/// depends on its input (parsing and walking syntax trees): Dispatch's worker threads have small stacks. Only the
/// pages the work touches are committed, and they are returned when the thread ends.
public func onThread<Result>(stackBytes: Int, _ body: () -> Result) -> Result {
    var result: Result?
    withoutActuallyEscaping(body) { body in
        runOnThread(stackBytes: stackBytes) { result = body() }
    }
    return result!
}

/// Runs `background` on a thread of its own while `foreground` runs on the calling thread, and returns both
/// results. For work that mostly waits (on child processes, say): on a Dispatch worker, as in `concurrently`, it
/// would hold a thread that `foreground`'s `parallelMap`s then go without.
public func alongside<Background, Foreground>(
    _ background: () -> Background, _ foreground: () -> Foreground
) -> (Background, Foreground) {
    var backgroundResult: Background?
    var foregroundResult: Foreground?
    withoutActuallyEscaping(background) { background in
        runOnThread(stackBytes: 1 << 20, { backgroundResult = background() }, whileWaiting: { foregroundResult = foreground() })
    }
    return (backgroundResult!, foregroundResult!)
}

/// - Parameter foreground: run on the calling thread while `body` runs, before joining it.
private func runOnThread(stackBytes: Int, _ body: @escaping () -> Void, whileWaiting foreground: () -> Void = {}) {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackBytes)
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    // The start routine's parameter is optional in Glibc and Musl and non-optional in Darwin: `ThreadBody.start`
    // takes an optional, which either converts to, so the closure never unwraps (`context!` doesn't compile on Darwin).
    let created = pthread_create(&thread, &attributes, { context in
        ThreadBody.start(context)
        return nil
    }, context)
    guard created == 0 else {
        // No thread (resource limits): run here, as deep as this thread's stack allows.
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
        foreground()
        return
    }
    foreground()
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
}

private final class ThreadBody {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }

    /// Runs and releases the body `runOnThread` passed retained as the thread's context.
    static func start(_ context: UnsafeMutableRawPointer?) {
        guard let context else { return }
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
    }
}

/// A value computed on first use, once, whichever thread asks first; the others wait for it.
public final class LazyValue<Value: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var computed: Value?
    private var compute: (@Sendable () -> Value)?

    public init(_ compute: @escaping @Sendable () -> Value) {
        self.compute = compute
        pthread_mutex_init(mutex, nil)
    }

    /// Already computed.
    public init(computed value: Value) {
        computed = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public var value: Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let computed { return computed }
        let value = compute!()
        computed = value
        compute = nil
        return value
    }

    /// The value if something asked for it already, without computing it.
    public var valueIfComputed: Value? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return computed
    }
}
