#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// An owned unix file descriptor, the value of D-Bus type `h`.
///
/// The descriptor is closed when the object goes away, unless it was taken with ``take()``. libdbus
/// duplicates descriptors both when appending and when reading, so the one in a received message
/// belongs to the receiver and the one appended stays the caller's.
public final class DBusFileDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// nil once taken or closed; in a `Mutex`, so take()/close() are safe from any thread.
    private let fd: Mutex<Int32?>

    /// Takes ownership of `fd`, which this object will close.
    public init(owning fd: Int32) {
        self.fd = Mutex(fd)
    }

    /// Duplicates `fd` (close-on-exec); the caller keeps its own descriptor. Throws when `dup` fails.
    public init(duplicating fd: Int32) throws {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else {
            throw DBusError.invalidArgs("cannot duplicate file descriptor \(fd): errno \(errno)")
        }
        self.fd = Mutex(copy)
    }

    deinit {
        if let fd = take() { systemClose(fd) }
    }

    /// The descriptor, still owned by this object; `nil` once taken or closed.
    public var rawValue: Int32? {
        fd.withLock { $0 }
    }

    /// Gives up ownership: the caller must close the returned descriptor. `nil` if already taken.
    public func take() -> Int32? {
        fd.withLock { fd in
            defer { fd = nil }
            return fd
        }
    }

    /// Closes the descriptor now.
    public func close() {
        if let value = take() { systemClose(value) }
    }

    public var description: String { "fd(\(rawValue.map(String.init) ?? "closed"))" }

    // Identity semantics: two wrappers are the same value only if they are the same owner.
    public static func == (lhs: DBusFileDescriptor, rhs: DBusFileDescriptor) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// `close(2)`, reachable from inside the class whose own `close()` shadows it.
private func systemClose(_ fd: Int32) {
    _ = close(fd)
}
