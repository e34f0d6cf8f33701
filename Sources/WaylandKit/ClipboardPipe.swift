import Foundation
import LiveTextCore

/// The pipe a clipboard owner writes what it offers into: we give it the write end and read the
/// other, never more than a limit, never past a deadline, and stop when told to.
enum ClipboardPipe {
    /// How a read ended.
    enum Outcome {
        /// The owner wrote everything and closed its end.
        case complete(Data)
        /// More than the limit arrived (reading stopped there): how much.
        case tooLarge(Int)
        /// The deadline came first: how much had arrived.
        case deadline(Int)
    }

    /// A new pipe, both ends closed on exec (a program we start must not keep the owner writing).
    static func make() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard clipboardPipe2(&ends, O_CLOEXEC) == 0 else {
            throw LiveTextError(.failed, "cannot make a pipe for the clipboard: \(String(cString: strerror(errno)))")
        }
        return (ends[0], ends[1])
    }

    /// Reads `fd` until the owner closes it: at most `maxBytes`, until `end`, checking `cancel`
    /// at least every 50 ms (`cancelled`).
    static func read(_ fd: Int32, maxBytes: Int, until end: ContinuousClock.Instant,
                     cancel: CancellationFlag?) throws -> Outcome {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            try cancel?.check()
            let remaining = ContinuousClock.now.duration(to: end)
            guard remaining > .zero else { return .deadline(received.count) }
            let slice = min(remaining, .milliseconds(50))
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, slice.pollMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw LiveTextError(.failed, "cannot wait for the clipboard's data: \(String(cString: strerror(errno)))")
            }
            guard ready > 0 else { continue }
            // One byte past the limit is enough to know it is too large.
            let wanted = min(buffer.count, maxBytes + 1 - received.count)
            let count = Glibc.read(fd, &buffer, wanted)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw LiveTextError(.failed, "cannot read the clipboard's data: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return .complete(received) }
            received.append(contentsOf: buffer[0..<count])
            if received.count > maxBytes { return .tooLarge(received.count) }
        }
    }
}

// Glibc's Swift overlay does not declare pipe2 (a GNU extension).
@_silgen_name("pipe2")
private func clipboardPipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
