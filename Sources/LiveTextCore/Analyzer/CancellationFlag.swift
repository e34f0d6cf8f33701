import Synchronization

/// A flag a blocking engine polls to learn that its task was cancelled.
public final class CancellationFlag: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Throws `LiveTextError.cancelled` once cancelled.
    public func check() throws {
        if isCancelled { throw LiveTextError.cancelled }
    }
}
