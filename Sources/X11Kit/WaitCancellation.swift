import Foundation
import Glibc
import LiveTextCore
import Synchronization

/// Cancels, from any thread, a thread that waits on an X connection for another client (a
/// selection owner's answer): `cancel()` raises a flag and writes to a pipe that
/// `X11Display.waitForEvent` polls beside the connection, so the wait ends at once with
/// `LiveTextError.cancelled` instead of at its next timeout.
public final class WaitCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)
    /// Polled for POLLIN; -1 when no pipe could be made (the flag is then seen within a second:
    /// `waitForEvent` never sleeps longer).
    let wakeDescriptor: Int32
    private let wakeWrite: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        (wakeDescriptor, wakeWrite) = (ends[0], ends[1])
    }

    /// Closed only here, when nobody can poll or write them any more.
    deinit {
        if wakeDescriptor >= 0 { close(wakeDescriptor) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Raises the flag and wakes the waiting thread (once; later calls do nothing).
    public func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing), wakeWrite >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Throws `LiveTextError.cancelled` once cancelled.
    public func check() throws {
        if isCancelled { throw LiveTextError.cancelled }
    }
}
