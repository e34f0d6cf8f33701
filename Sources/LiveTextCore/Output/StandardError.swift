import Foundation

/// The process's stderr, shared with C libraries that write to it on their own (libpng,
/// libjpeg, libtiff). Everything livetext writes there goes through `write`, and code that
/// captures what the libraries print holds `lock` meanwhile, so no message of ours is lost in
/// a capture and no library chatter reaches the user.
///
/// An `NSLock`, not a `Mutex`: it guards no Swift value but fd 2 itself, held across a capture's
/// generic `rethrows` body, which `Mutex.withLock` (typed throws, `sending` results) does not take.
public enum StandardError {
    public static let lock = NSLock()

    /// Writes `text`; a failure (stderr closed, full, its reader gone) is returned, not thrown: there is
    /// nowhere left to report it, and losing a message must not end the work it was about.
    @discardableResult
    public static func write(_ text: String) -> StreamWriteError? {
        lock.lock()
        defer { lock.unlock() }
        do {
            try StandardStream.error.write(text)
            return nil
        } catch {
            return error
        }
    }
}
