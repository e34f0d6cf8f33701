import LiveTextCore

/// Log lines for the journal: one line each on stderr with the syslog priority prefix that
/// journald reads (`<6>` info, `<4>` warning, `<3>` error). No pixels and no recognized text.
public struct ServiceLog: Sendable {
    public enum Level: Int, Sendable, Comparable {
        case error = 3, warning = 4, info = 6, debug = 7
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// Lines above this level (less important) are dropped.
    public var threshold: Level

    public init(threshold: Level = .info) {
        self.threshold = threshold
    }

    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level <= threshold else { return }
        StandardError.write("<\(level.rawValue)>\(message())\n")
    }

    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}
