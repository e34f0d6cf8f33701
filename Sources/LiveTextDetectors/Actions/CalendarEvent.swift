import Foundation

/// An event to add to a calendar, written as an iCalendar file (RFC 5545) that the desktop's
/// calendar opens.
public struct CalendarEvent: Sendable, Hashable {
    public var summary: String
    /// Start and end as the detectors give them: `2026-03-03` (all day; an all-day end is the
    /// last day, inclusive) or `2026-03-03T15:00:00+01:00`.
    public var start: String
    public var end: String?
    public var location: String?

    public init(summary: String, start: String, end: String? = nil, location: String? = nil) {
        self.summary = summary
        self.start = start
        self.end = end
        self.location = location
    }

    /// The `.ics` text, CRLF line ends, long lines folded; nil when `start` is not a date.
    public func iCalendar(uid: String, stamp: Date) -> String? {
        guard let startValue = Self.property(start) else { return nil }
        var endValue = end.flatMap(Self.property)
        if let end, let last = endValue, last.allDay, let day = Self.day(end) {
            // The detectors' all-day end is the last day; iCalendar's DTEND is the day after.
            endValue = (true, Self.compactDate(day.addingTimeInterval(86_400)))
        } else if endValue == nil, startValue.allDay, let day = Self.day(start) {
            // An all-day event ends (exclusively) the next day.
            endValue = (true, Self.compactDate(day.addingTimeInterval(86_400)))
        } else if endValue == nil, !startValue.allDay, let date = Self.instant(start) {
            endValue = (false, Self.utc(date.addingTimeInterval(3600)))
        }
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//livetext//Live Text for Linux//EN",
                     "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:\(Self.utc(stamp))"]
        lines.append(startValue.allDay ? "DTSTART;VALUE=DATE:\(startValue.text)" : "DTSTART:\(startValue.text)")
        if let endValue {
            lines.append(endValue.allDay ? "DTEND;VALUE=DATE:\(endValue.text)" : "DTEND:\(endValue.text)")
        }
        lines.append("SUMMARY:" + Self.escape(summary))
        if let location { lines.append("LOCATION:" + Self.escape(location)) }
        lines += ["END:VEVENT", "END:VCALENDAR"]
        return lines.map(Self.fold).joined(separator: "\r\n") + "\r\n"
    }

    private static func property(_ value: String) -> (allDay: Bool, text: String)? {
        if value.count == 10, let day = day(value) { return (true, compactDate(day)) }
        if let date = instant(value) { return (false, utc(date)) }
        return nil
    }

    private static func day(_ value: String) -> Date? {
        guard value.count == 10 else { return nil }
        return ISO8601Reference.parse(value + "T00:00:00Z", defaultZone: TimeZone(secondsFromGMT: 0)!)?.0
    }

    private static func instant(_ value: String) -> Date? {
        ISO8601Reference.parse(value, defaultZone: .current)?.0
    }

    private static func compactDate(_ date: Date) -> String {
        let c = Calendar.utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d%02d%02d", c.year!, c.month!, c.day!)
    }

    private static func utc(_ date: Date) -> String {
        let c = Calendar.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// TEXT values escape backslash, semicolon, comma and line breaks.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Lines longer than 75 octets continue on the next line after a space, never inside a
    /// UTF-8 sequence.
    static func fold(_ line: String) -> String {
        var out = "", width = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if width + size > 75 {
                out += "\r\n "
                width = 1
            }
            out.unicodeScalars.append(scalar)
            width += size
        }
        return out
    }
}

extension Calendar {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }()
}
