#if canImport(Glibc)
import Glibc
#endif
import LiveTextCore

extension LiveTextError {
    /// A system call that failed while `doing` something, with errno's words.
    static func system(_ doing: String, errno code: Int32 = errno) -> LiveTextError {
        LiveTextError(.failed, "\(doing): \(String(cString: strerror(code)))")
    }
}

/// A new pipe whose ends have `flags` (`O_CLOEXEC`, `O_NONBLOCK`) from the start: no other
/// thread's fork and exec can inherit it meanwhile. Throws, saying what it was `for`.
func makePipe(flags: Int32, for purpose: String) throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe2(&ends, flags) == 0 else { throw LiveTextError.system("cannot make a pipe \(purpose)") }
    return (ends[0], ends[1])
}

/// glibc's `pipe2`, which the Glibc module declares only with `_GNU_SOURCE`.
@_silgen_name("pipe2")
private func pipe2(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
