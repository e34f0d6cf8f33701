import Dispatch
import Foundation
import Synchronization

/// Runs blocking work on threads of its own, so the cooperative pool of Swift concurrency never
/// stalls behind it, in two lanes, each with a bound on the threads it runs at once: a flood of
/// requests queues here instead of asking Dispatch for a thread each (it would make a few dozen,
/// then make every other queue of the process wait). Work still queued when its task is
/// cancelled is dropped with `CancellationError`; work that runs sees cancellation only through
/// its own flags (`CancellationFlag`). Waiting on a pipe or socket does not belong here: that is
/// `DescriptorRead`'s, which holds no thread.
///
/// The lanes keep waiting apart from computing: an X round trip or a launched program waited
/// for (`.waiting`) never queues behind the OCR of other requests (`.computing`), and a piece of
/// either lane that waits for a piece of the other cannot hold up the threads it waits on. No
/// piece waits for a queued piece of its own lane (an engine waiting in `PageReading` waits for
/// strips that engines already running lay out), so neither bound can deadlock.
public enum BlockingWork {
    public enum Lane: Sendable {
        /// CPU-bound work: OCR, decoding, hashing, reading files.
        case computing
        /// Work that mostly waits for another process: an X server's round trip, the clipboard
        /// owner's thread, a program launched for a quick action.
        case waiting
    }

    /// Computing: two threads a core, at least four: a core's worth of engines with room for
    /// decoding beside them.
    public static let width = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
    /// Waiting: a few more, as they use little CPU; still a bound.
    public static let waitingWidth = 16

    private static let computing = WorkQueue(width: width, threadName: "livetext-work")
    private static let waiting = WorkQueue(width: waitingWidth, threadName: "livetext-wait")

    /// Runs `work` on the computing lane.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await computing.run(work)
    }

    public static func run<T: Sendable>(_ lane: Lane, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        switch lane {
        case .computing: try await computing.run(work)
        case .waiting: try await waiting.run(work)
        }
    }

    /// The bound of `lane`.
    public static func width(of lane: Lane) -> Int {
        switch lane {
        case .computing: width
        case .waiting: waitingWidth
        }
    }
}

/// A FIFO of blocking work run by at most `width` threads of its own at once.
final class WorkQueue: Sendable {
    private struct Job {
        var id: UInt64
        var body: @Sendable () -> Void
        var cancel: @Sendable () -> Void
    }

    private struct State {
        var running = 0
        var queued: [Job] = []
        var nextID: UInt64 = 0
    }

    let width: Int
    /// The name its threads carry, as `top -H`, perf and gdb show it.
    let threadName: String
    private let state = Mutex(State())

    init(width: Int, threadName: String) {
        self.width = max(1, width)
        self.threadName = threadName
    }

    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let job = Job(id: id, body: { continuation.resume(with: Result { try work() }) },
                              cancel: { continuation.resume(throwing: CancellationError()) })
                let startNow = state.withLock { state -> Bool in
                    guard state.running < width else {
                        state.queued.append(job)
                        return false
                    }
                    state.running += 1
                    return true
                }
                if startNow {
                    start(job)
                } else if Task.isCancelled {
                    dropQueued(id)
                }
            }
        } onCancel: {
            dropQueued(id)
        }
    }

    /// Takes job `id` off the queue, if it is still there, and ends it with `CancellationError`.
    private func dropQueued(_ id: UInt64) {
        let dropped = state.withLock { state -> Job? in
            guard let index = state.queued.firstIndex(where: { $0.id == id }) else { return nil }
            return state.queued.remove(at: index)
        }
        dropped?.cancel()
    }

    /// Runs `job` on a thread of its own, then whatever is queued, until the queue is empty. Not
    /// a Dispatch thread: on Linux the global queues share their few threads (one a core) with
    /// Swift's cooperative pool, and CPU-bound work there left the bus's replies waiting behind
    /// it (a property Get took 400 ms while two `Detect` calls ran).
    private func start(_ job: Job) {
        let thread = Thread { [self] in
            Self.nameThisThread(threadName)
            var next: Job? = job
            while let current = next {
                current.body()
                next = state.withLock { state -> Job? in
                    guard !state.queued.isEmpty else {
                        state.running -= 1
                        return nil
                    }
                    return state.queued.removeFirst()
                }
            }
        }
        thread.start()
    }

    /// Names the running thread, as `top -H`, perf and gdb show it (a new thread otherwise
    /// carries its creator's name, a Dispatch queue's). Foundation's `Thread.name` does not
    /// reach the system on Linux, and Glibc's module has no `pthread_setname_np`.
    static func nameThisThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = name.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }
}
