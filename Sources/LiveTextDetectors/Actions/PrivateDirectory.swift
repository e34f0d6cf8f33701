import Foundation
import LiveTextCore

/// A directory of our own for files handed to other programs (calendar events): created 0700
/// inside a parent that must exist already (never a whole missing path), or, when it is there, a
/// real directory, not a symlink, that we own; one open to others is closed to them.
enum PrivateDirectory {
    static func prepare(_ path: String) throws {
        if mkdir(path, 0o700) == 0 { return }
        let reason = errno
        guard reason == EEXIST else {
            let parent = (path as NSString).deletingLastPathComponent
            let missing = reason == ENOENT ? " (\(parent) does not exist)" : ""
            throw LiveTextError(.failed, "cannot create \(path) for calendar files: \(String(cString: strerror(reason)))\(missing)")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw LiveTextError(.failed, "cannot use \(path) for calendar files: \(String(cString: strerror(errno)))")
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFDIR else {
            let what = kind == S_IFLNK ? "a symlink" : "not a directory"
            throw LiveTextError(.failed, "\(path) is \(what): refused for calendar files (remove it)")
        }
        guard info.st_uid == geteuid() else {
            throw LiveTextError(.failed, "\(path) belongs to user \(info.st_uid), not to you: refused for calendar files")
        }
        if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw LiveTextError(.failed, "cannot close \(path) to others: \(String(cString: strerror(errno)))")
        }
    }
}
