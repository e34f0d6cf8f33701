import Foundation
import LiveTextCore
import Synchronization

/// Log lines for the journal: one line each on stderr with the syslog priority prefix that
/// journald reads (`<6>` info, `<4>` warning, `<3>` error). No pixels and no recognized text.
///
/// A line is always one line: control characters in it (a caller's path with `\n<0>…`) are written
/// out as `\x0a`, so no message forges a line of its own priority, and it is cut after
/// `maxLineScalars`. When stderr leads nowhere (closed or `/dev/null` at start, as under bus
/// activation without systemd) or stops taking lines (its reader gone: `EPIPE`), lines go to
/// syslog instead, which reaches the journal too.
public struct ServiceLog: Sendable {
    public enum Level: Int, Sendable, Comparable {
        case error = 3, warning = 4, info = 6, debug = 7
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// Lines above this level (less important) are dropped.
    public var threshold: Level

    /// A line longer than this (in Unicode scalars) is cut, with `…` at the end.
    public static let maxLineScalars = 1000

    public init(threshold: Level = .info) {
        self.threshold = threshold
    }

    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level <= threshold else { return }
        LogDestination.shared.write(priority: Int32(level.rawValue), Self.line(message()))
    }

    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }

    /// `message` as one line of at most `maxLineScalars` scalars.
    static func line(_ message: String) -> String {
        let line = ControlCharacters.escaped(message, keepingLineBreaks: false)
        guard line.unicodeScalars.count > maxLineScalars else { return line }
        var cut = String.UnicodeScalarView(line.unicodeScalars.prefix(maxLineScalars - 1))
        cut.append("…")
        return String(cut)
    }
}

/// Where the lines go: stderr while it takes them, then syslog for good. The lock is held while
/// a line is written, so lines never interleave.
private final class LogDestination: Sendable {
    static let shared = LogDestination()

    private let toSyslog: Mutex<Bool>

    private init() {
        toSyslog = Mutex(StandardStream.error.isDiscarded)
    }

    func write(priority: Int32, _ line: String) {
        toSyslog.withLock { toSyslog in
            if !toSyslog {
                guard let failure = StandardError.write("<\(priority)>\(line)\n") else { return }
                toSyslog = true
                SystemLog.send(priority: 4, "\(failure); logging to syslog from now on")
            }
            SystemLog.send(priority: priority, line)
        }
    }
}
