#if canImport(Glibc)
import Glibc
#endif

/// A pipe whose ends are close-on-exec from the start: tests run side by side in one process,
/// and a program another test starts meanwhile must not inherit an end (a read end it holds
/// keeps the pipe open, whatever the reader under test does).
public func closeOnExecPipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard systemPipe2(&ends, O_CLOEXEC) == 0 else { throw TestFailure("pipe2: errno \(errno)") }
    return (ends[0], ends[1])
}

/// A connected pair of stream sockets, close-on-exec.
public func closeOnExecSocketPair() throws -> (Int32, Int32) {
    var ends: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
        throw TestFailure("socketpair: errno \(errno)")
    }
    return (ends[0], ends[1])
}

@_silgen_name("pipe2")
private func systemPipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
