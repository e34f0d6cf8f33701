#if canImport(Glibc)
import Glibc
#endif
import LiveTextCore
import Synchronization

/// The reply of a D-Bus call running in a task, told to a blocking thread that waits with
/// `poll` on other descriptors too (the pixel pipe): the task stores the result and writes a byte
/// into `wakeFD`'s pipe. Both ends live as long as this object, which the task and the waiter
/// share, so a late task never writes into a closed or reused descriptor.
final class CallOutcome<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, any Error>?>(nil)
    /// Readable once the result is in.
    let wakeFD: Int32
    private let signalFD: Int32

    init() throws {
        (wakeFD, signalFD) = try makePipe(flags: O_CLOEXEC | O_NONBLOCK, for: "to wait for a D-Bus reply")
    }

    deinit {
        close(wakeFD)
        close(signalFD)
    }

    /// Stores the first result and wakes the waiter.
    func finish(_ outcome: Result<T, any Error>) {
        let first = result.withLock { stored in
            guard stored == nil else { return false }
            stored = outcome
            return true
        }
        if first {
            var byte: UInt8 = 1
            _ = write(signalFD, &byte, 1)
        }
    }

    /// The result, once `finish` stored it.
    var value: Result<T, any Error>? { result.withLock { $0 } }
}
