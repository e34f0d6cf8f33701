import Foundation

/// The process's stderr, shared with C libraries that write to it on their own (libpng,
/// libjpeg, libtiff). Everything livetext writes there goes through `write`, and code that
/// captures what the libraries print holds `lock` meanwhile, so no message of ours is lost in
/// a capture and no library chatter reaches the user.
public enum StandardError {
    public static let lock = NSLock()

    public static func write(_ text: String) {
        lock.withLock { FileHandle.standardError.write(Data(text.utf8)) }
    }
}
