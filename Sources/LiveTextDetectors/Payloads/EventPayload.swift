import Foundation
import LiveTextCore

/// Calendar events: each `BEGIN:VEVENT` … `END:VEVENT` (inside `VCALENDAR` or alone) becomes a
/// `date` item.
///
/// `DTSTART`/`DTEND` forms (RFC 5545 §3.3.4-5): a date (`20260315`, `VALUE=DATE`: all day), a
/// floating local time (`20260315T190000`: in the context's time zone), UTC
/// (`20260315T190000Z`), and `TZID=Europe/Berlin:20260315T190000` (an unknown zone name is
/// read as floating). The extended form `2026-03-15T19:00:00` is accepted too. `DURATION`
/// gives the end when there is no `DTEND`.
///
/// `value`: `start` and `end` in ISO 8601 (`2026-03-15T19:00:00+01:00`, `…Z` for UTC, a bare
/// date when all day; an all-day `end` is exclusive, as in iCalendar), `allDay`, `summary`,
/// `location`, and `timeZone`, `duration`, `description` when present.
enum EventPayload {
    static func items(_ s: [Unicode.Scalar], _ range: Range<Int>, context: DetectionContext) -> [Detection] {
        var results: [Detection] = []
        var properties: [String: PayloadText.ContentLine]?
        var start = range.lowerBound
        func finish(end: Int) {
            if let found = properties, let value = value(of: found, context: context) {
                results.append(Detection(kind: .date, range: start..<end, value: value))
            }
            properties = nil
        }
        for (line, lineStart, lineEnd) in PayloadText.contentLines(s, range) {
            let what = line.value.trimmingWhitespace().uppercased()
            if line.name == "BEGIN", what == "VEVENT" {
                properties = [:]
                start = lineStart
            } else if line.name == "END", what == "VEVENT" {
                finish(end: lineEnd)
            } else if properties != nil, properties?[line.name] == nil {
                properties?[line.name] = line
            }
        }
        if properties != nil { finish(end: range.upperBound) }
        return results
    }

    static func value(of properties: [String: PayloadText.ContentLine], context: DetectionContext) -> [String: JSONValue]? {
        guard let startLine = properties["DTSTART"], let start = Moment(startLine, context: context) else { return nil }
        var value: [String: JSONValue] = ["start": .string(start.iso), "allDay": .bool(start.allDay)]
        if let endLine = properties["DTEND"], let end = Moment(endLine, context: context), end.allDay == start.allDay {
            value["end"] = .string(end.iso)
        } else if let text = properties["DURATION"]?.value.trimmingWhitespace(), let seconds = durationSeconds(text) {
            value["duration"] = .string(text)
            value["end"] = .string(start.adding(seconds).iso)
        }
        if let zone = startLine.parameters["TZID"], TimeZone(identifier: zone) != nil { value["timeZone"] = .string(zone) }
        for (key, name) in [("SUMMARY", "summary"), ("LOCATION", "location"), ("DESCRIPTION", "description")] {
            if let text = properties[key]?.value, !text.isEmpty { value[name] = .string(PayloadText.unescaped(text)) }
        }
        value["summary"] = value["summary"] ?? .string("")
        value["location"] = value["location"] ?? .string("")
        return value
    }

    /// A DTSTART/DTEND value resolved to an instant (or a civil date when all day).
    struct Moment {
        var date: Date
        var zone: TimeZone
        var allDay: Bool
        var utc: Bool

        init?(_ line: PayloadText.ContentLine, context: DetectionContext) {
            let digits = line.value.trimmingWhitespace().filter { $0 != "-" && $0 != ":" }
            let parts = digits.uppercased().split(separator: "T", omittingEmptySubsequences: false)
            guard let day = parts.first, day.count == 8, let ymd = Int(day), ymd > 0 else { return nil }
            allDay = parts.count == 1 || line.parameters["VALUE"]?.uppercased() == "DATE"
            var hour = 0, minute = 0, second = 0
            utc = false
            if !allDay {
                var time = parts[1]
                if time.hasSuffix("Z") {
                    utc = true
                    time = time.dropLast()
                }
                guard time.count == 4 || time.count == 6, let hms = Int(time), hms >= 0 else { return nil }
                let full = time.count == 4 ? hms * 100 : hms
                hour = full / 10000
                minute = full / 100 % 100
                second = full % 100
                guard hour < 24, minute < 60, second < 61 else { return nil }
            }
            if utc {
                zone = TimeZone(secondsFromGMT: 0)!
            } else if !allDay, let name = line.parameters["TZID"], let named = TimeZone(identifier: name) {
                zone = named
            } else {
                zone = allDay ? TimeZone(secondsFromGMT: 0)! : context.timeZone
            }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let year = ymd / 10000, month = ymd / 100 % 100, dayOfMonth = ymd % 100
            guard (1...12).contains(month), (1...31).contains(dayOfMonth),
                  let date = calendar.date(from: DateComponents(year: year, month: month, day: dayOfMonth,
                                                                hour: hour, minute: minute, second: second)),
                  calendar.component(.day, from: date) == dayOfMonth else { return nil }
            self.date = date
        }

        func adding(_ seconds: Int) -> Moment {
            var moved = self
            moved.date = date.addingTimeInterval(TimeInterval(seconds))
            return moved
        }

        /// `2026-03-15`, `2026-03-15T19:00:00Z` or `2026-03-15T19:00:00+01:00`.
        var iso: String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
            let year = c.year.map { String(format: "%04d", $0) } ?? "0000"
            let day = "\(year)-\(two(c.month))-\(two(c.day))"
            if allDay { return day }
            let time = "\(day)T\(two(c.hour)):\(two(c.minute)):\(two(c.second))"
            if utc { return time + "Z" }
            let offset = zone.secondsFromGMT(for: date)
            let sign = offset < 0 ? "-" : "+"
            return time + sign + two(abs(offset) / 3600) + ":" + two(abs(offset) % 3600 / 60)
        }
    }

    /// `PT1H30M`, `P1D`, `P2W`, `-PT15M` (RFC 5545 §3.3.6) in seconds.
    static func durationSeconds(_ text: String) -> Int? {
        var scalars = Substring(text.uppercased())
        var sign = 1
        if scalars.first == "-" || scalars.first == "+" {
            sign = scalars.first == "-" ? -1 : 1
            scalars = scalars.dropFirst()
        }
        guard scalars.first == "P" else { return nil }
        scalars = scalars.dropFirst()
        var total = 0, number = 0, digits = 0, inTime = false, units = 0
        for c in scalars {
            if let d = c.wholeNumberValue, c.isASCII {
                guard digits < 9 else { return nil }
                number = number * 10 + d
                digits += 1
                continue
            }
            if c == "T" {
                guard digits == 0, !inTime else { return nil }
                inTime = true
                continue
            }
            guard digits > 0 else { return nil }
            switch (c, inTime) {
            case ("W", false): total += number * 604_800
            case ("D", false): total += number * 86_400
            case ("H", true): total += number * 3_600
            case ("M", true): total += number * 60
            case ("S", true): total += number
            default: return nil
            }
            number = 0
            digits = 0
            units += 1
        }
        guard digits == 0, units > 0 else { return nil }
        return sign * total
    }
}
