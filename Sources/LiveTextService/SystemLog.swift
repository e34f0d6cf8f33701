#if canImport(Glibc)
import Glibc
#endif

/// glibc's syslog: lines to `/dev/log`, which journald (or a syslog daemon) reads.
enum SystemLog {
    /// `openlog` keeps the pointer it is given: this one lives as long as the process. (Unsafe
    /// only in name: set once, never written through.)
    nonisolated(unsafe) private static let identity: UnsafeMutablePointer<CChar>? = strdup("livetextd")

    private static let opened: Void = openlog(identity, LOG_PID, LOG_USER)

    /// Sends one line with a syslog `priority` (3 error … 7 debug); dropped when nobody listens.
    static func send(priority: Int32, _ line: String) {
        _ = opened
        line.withCString { text in
            withVaList([text]) { vsyslog(LOG_USER | priority, "%s", $0) }
        }
    }
}
