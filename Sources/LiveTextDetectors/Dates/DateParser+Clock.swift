/// Times of day and time ranges.
extension DateParser {
    struct TimeRangeResult {
        var start: ClockTime
        var end: ClockTime?
        var zoneMinutes: Int?
        var upper: Int
    }

    /// A time or time range after a day: "at 3pm", ", 10-11am", "from 2 to 4 pm", "um 14:30",
    /// "à 9h30", "7:00pm".
    func parseTimeAfterDay(_ position: Int) -> TimeRangeResult? {
        guard var next = reader.next(position), next.gap != .lineBreak else { return nil }
        var allowBare = false
        var needsRange = false
        var needsFullClock = false
        if next.isSymbol(",") || next.isSymbol("@") || (next.isDash && next.gap != .none) {
            allowBare = next.isSymbol("@")
            needsFullClock = next.isDash
            guard let after = reader.next(next.end) else { return nil }
            next = after
        }
        switch next.word {
        case .at?, .atForeign?:
            allowBare = true
            guard let after = reader.next(next.end) else { return nil }
            next = after
        case .from?:
            allowBare = true
            needsRange = true
            guard let after = reader.next(next.end) else { return nil }
            next = after
        default:
            break
        }
        guard let times = parseTimeRange(next, allowBareHour: allowBare) else { return nil }
        if needsRange && times.end == nil { return nil }
        if needsFullClock && times.start.bareHour { return nil }
        return times
    }

    /// A time with an optional range partner and zone: "3pm", "10-11am", "9am to 5pm",
    /// "10:30–11:45", "2 to 4 pm", "15:30 CET".
    func parseTimeRange(_ first: DateToken, allowBareHour: Bool, andConnector: Bool = false) -> TimeRangeResult? {
        guard var start = parseClock(first, allowBareHour: true) else { return nil }
        var result: TimeRangeResult?
        if let connector = reader.next(start.end), connector.gap != .lineBreak,
           andConnector ? connector.word == .and : (connector.isDash || connector.word == .to),
           let second = reader.next(connector.end), var end = parseClock(second, allowBareHour: true),
           !(start.time.bareHour && end.time.bareHour && !allowBareHour) {
            settleMeridiems(&start.time, &end.time)
            result = TimeRangeResult(start: start.time, end: end.time, upper: end.end)
        }
        if result == nil {
            guard !start.time.bareHour || allowBareHour else { return nil }
            result = TimeRangeResult(start: start.time, upper: start.end)
        }
        if let zone = parseZone(after: result!.upper) {
            result!.zoneMinutes = zone.minutes
            result!.upper = zone.end
        }
        return result
    }

    /// "10-11am" is 10am to 11am, "11-1pm" 11am to 1pm, "9am-5" 9am to 5pm.
    private func settleMeridiems(_ start: inout ClockTime, _ end: inout ClockTime) {
        if let meridiem = end.meridiem, start.meridiem == nil, !start.isTwentyFourHour, !start.isMidnight {
            start.meridiem = meridiem
            start.bareHour = false
            if start.hour24(evening: false) > end.hour24(evening: false) {
                start.meridiem = meridiem == .pm ? .am : .pm
            }
        } else if let meridiem = start.meridiem, end.meridiem == nil, !end.isTwentyFourHour, !end.isMidnight {
            end.meridiem = meridiem
            end.bareHour = false
            if end.hour24(evening: false) <= start.hour24(evening: false) {
                end.meridiem = meridiem == .pm ? .am : .pm
            }
        }
    }

    /// One time of day: "3pm", "3:30 PM", "15:30", "15:30:05", "noon", "9h30", "14 Uhr",
    /// "3 o'clock", and with `allowBareHour` a bare "9". Digits misread by OCR ("l0:30") are
    /// folded only in the hour-colon-minute form, where the colon shows it is a time.
    func parseClock(_ first: DateToken, allowBareHour: Bool) -> (time: ClockTime, end: Int)? {
        switch first.word {
        case .noon?: return (ClockTime(hour: 12), first.end)
        case .midnight?: return (ClockTime(hour: 0, isMidnight: true), first.end)
        default: break
        }
        guard first.kind == .number, first.length <= 2, first.value <= 24 else { return nil }
        let hour = first.value
        var time = ClockTime(hour: hour)
        var end = first.end
        if let colon = adjacent(end), colon.isSymbol(":"), let minutes = adjacent(colon.end),
           minutes.kind == .number, minutes.length == 2, minutes.value < 60 {
            time.minute = minutes.value
            end = minutes.end
            if let colon2 = adjacent(end), colon2.isSymbol(":"), let seconds = adjacent(colon2.end),
               seconds.isNumber(maxDigits: 2), seconds.length == 2, seconds.value < 60 {
                time.second = seconds.value
                end = seconds.end
                // "13:11:23.678": a fraction of the second, kept in the text, not in the value.
                if let dot = adjacent(end), dot.isSymbol("."), let fraction = adjacent(dot.end),
                   fraction.isNumber(maxDigits: 9), !fraction.folded, endsCleanly(fraction.end) {
                    end = fraction.end
                }
            }
            if let meridiem = parseMeridiem(after: end) {
                time.meridiem = meridiem.value
                end = meridiem.end
            } else if let suffix = clockSuffix(after: end) {
                end = suffix
            }
            return validated(time, end)
        }
        guard !first.folded else { return nil }
        if let h = adjacent(end), h.kind == .word, h.key == WordKeys.h {
            // French "9h30", "14h": a time unless a unit follows ("2h30m" is a duration).
            if let minutes = adjacent(h.end), minutes.isNumber(maxDigits: 2), minutes.length == 2,
               minutes.value < 60 {
                if let unit = adjacent(minutes.end), unit.kind == .word { return nil }
                time.minute = minutes.value
                return validated(time, minutes.end)
            }
            guard adjacent(h.end)?.kind != .number else { return nil }
            time.bareHour = true
            time.writtenTwentyFour = true
            return validated(time, h.end)
        }
        if let dot = adjacent(end), dot.isSymbol("."), let minutes = adjacent(dot.end),
           minutes.isNumber(maxDigits: 2), minutes.length == 2, minutes.value < 60 {
            time.minute = minutes.value
            if let meridiem = parseMeridiem(after: minutes.end) {
                time.meridiem = meridiem.value
                return validated(time, meridiem.end)
            }
            if let uhr = reader.next(minutes.end), uhr.key == WordKeys.uhr {
                return validated(time, uhr.end)
            }
            return nil
        }
        if let meridiem = parseMeridiem(after: end) {
            time.meridiem = meridiem.value
            return validated(time, meridiem.end)
        }
        if let next = reader.next(end), next.gap != .lineBreak, next.kind == .word {
            if next.key == WordKeys.uhr {
                time.writtenTwentyFour = true
                return validated(time, next.end)
            }
            if next.key == WordKeys.o, let apostrophe = adjacent(next.end),
               apostrophe.isSymbol("'") || apostrophe.isSymbol("\u{2019}"),
               let clock = adjacent(apostrophe.end), clock.key == WordKeys.clock, (1...12).contains(hour) {
                time.oClock = true
                return validated(time, clock.end)
            }
        }
        guard allowBareHour, hour <= 23 else { return nil }
        time.bareHour = true
        return validated(time, end)
    }

    private func validated(_ time: ClockTime, _ end: Int) -> (time: ClockTime, end: Int)? {
        if time.meridiem != nil {
            guard (1...12).contains(time.hour) else { return nil }
        } else {
            guard time.hour <= 23 else { return nil }
        }
        return (time, end)
    }

    /// "h" or "Uhr" after a 24-hour time ("10:30h", "14:30 Uhr").
    private func clockSuffix(after position: Int) -> Int? {
        guard let next = reader.next(position), next.gap != .lineBreak, next.kind == .word else { return nil }
        if next.key == WordKeys.uhr { return next.end }
        if next.key == WordKeys.h, next.gap == .none { return next.end }
        return nil
    }

    /// "am", "PM", "a.m.", "P.M.".
    func parseMeridiem(after position: Int) -> (value: Meridiem, end: Int)? {
        guard let next = reader.next(position), next.gap != .lineBreak, next.kind == .word else { return nil }
        if next.key == WordKeys.am { return (.am, next.end) }
        if next.key == WordKeys.pm { return (.pm, next.end) }
        guard next.key == WordKeys.a || next.key == WordKeys.p, let dot = adjacent(next.end), dot.isSymbol("."),
              let m = adjacent(dot.end), m.key == WordKeys.m else { return nil }
        var end = m.end
        if let dot2 = adjacent(end), dot2.isSymbol(".") { end = dot2.end }
        return (next.key == WordKeys.a ? .am : .pm, end)
    }

    func isMeridiemStart(_ token: DateToken) -> Bool {
        if token.key == WordKeys.am || token.key == WordKeys.pm { return true }
        guard token.key == WordKeys.a || token.key == WordKeys.p, let dot = adjacent(token.end),
              dot.isSymbol(".") else { return false }
        return adjacent(dot.end)?.key == WordKeys.m
    }

    /// "EST", "UTC", "UTC+1", "GMT-05:00", "(CET)" after a time; "PT", "ET" in capitals (see
    /// `GenericTimeZones`).
    private func parseZone(after position: Int) -> (minutes: Int, end: Int)? {
        guard var next = reader.next(position), next.gap != .lineBreak else { return nil }
        var closing: DateToken?
        if next.isSymbol("("), let inner = adjacent(next.end), let close = adjacent(inner.end), close.isSymbol(")") {
            next = inner
            closing = close
        }
        if let standard = GenericTimeZones.standardMinutes[next.key], next.kind == .word,
           scalars[next.start..<next.end].allSatisfy({ ("A"..."Z").contains($0) }), endsCleanly(next.end) {
            return (GenericTimeZones.encode(standard: standard), closing?.end ?? next.end)
        }
        guard case .zone(let minutes)? = next.word, next.length >= 3 else { return nil }
        if closing == nil, let sign = adjacent(next.end), sign.isSymbol("+") || sign.isDash,
           let offset = parseOffsetDigits(after: sign.end) {
            return (minutes + (sign.isSymbol("+") ? offset.minutes : -offset.minutes), offset.end)
        }
        return (minutes, closing?.end ?? next.end)
    }

    /// " +0200", " -0500" after a time (git log, mail and HTTP dates): minutes east of UTC.
    func spacedOffset(after position: Int) -> (minutes: Int, end: Int)? {
        guard let sign = reader.next(position), sign.gap == .space, sign.isSymbol("+") || sign.isDash,
              let digits = adjacent(sign.end), digits.length == 4,
              let offset = parseOffsetDigits(after: sign.end) else { return nil }
        return (sign.isSymbol("+") ? offset.minutes : -offset.minutes, offset.end)
    }

    /// "1", "05", "05:30", "0530" after a sign: minutes.
    func parseOffsetDigits(after position: Int) -> (minutes: Int, end: Int)? {
        guard let hours = adjacent(position), hours.isNumber(maxDigits: 4) else { return nil }
        if hours.length == 4 {
            let h = hours.value / 100, m = hours.value % 100
            guard h <= 14, m < 60 else { return nil }
            return (h * 60 + m, hours.end)
        }
        guard hours.value <= 14, hours.length <= 2 else { return nil }
        if let colon = adjacent(hours.end), colon.isSymbol(":"), let minutes = adjacent(colon.end),
           minutes.isNumber(maxDigits: 2), minutes.length == 2, minutes.value < 60 {
            return (hours.value * 60 + minutes.value, minutes.end)
        }
        return (hours.value * 60, hours.end)
    }

    /// The time of an ISO 8601 date-time after its date: "T14:00", " 14:00:00", "T14:00:00.5Z",
    /// "T14:00+01:00".
    func parseISOTime(after position: Int) -> (time: ClockTime, zoneMinutes: Int?, end: Int)? {
        guard let separator = reader.next(position) else { return nil }
        let hourToken: DateToken
        if separator.gap == .none, separator.key == WordKeys.t, let hour = adjacent(separator.end) {
            hourToken = hour
        } else if separator.gap == .space, separator.kind == .number {
            hourToken = separator
        } else {
            return nil
        }
        guard let (time, clockEnd, seconds) = fixedClock(hourToken) else { return nil }
        var end = clockEnd
        if seconds, let dot = adjacent(end), dot.isSymbol(".") || dot.isSymbol(","),
           let fraction = adjacent(dot.end), fraction.kind == .number, !fraction.folded {
            end = fraction.end
        }
        var zone: Int?
        if let z = adjacent(end), z.key == WordKeys.z {
            zone = 0
            end = z.end
        } else if let sign = adjacent(end), sign.isSymbol("+") || sign.isDash,
                  let offset = parseOffsetDigits(after: sign.end) {
            zone = sign.isSymbol("+") ? offset.minutes : -offset.minutes
            end = offset.end
        } else if separator.gap == .space, parseMeridiem(after: end) != nil {
            return nil  // "2026-03-05 3:00 PM" is read by the general time rule
        }
        return (time, zone, end)
    }

    /// "14:02" or "14:02:11" in two digits each, from the hour's token: the time, where it ends
    /// and whether it has seconds.
    func fixedClock(_ hour: DateToken) -> (ClockTime, Int, Bool)? {
        guard hour.isNumber(maxDigits: 2), hour.length == 2, hour.value < 24,
              let colon = adjacent(hour.end), colon.isSymbol(":"), let minute = adjacent(colon.end),
              minute.isNumber(maxDigits: 2), minute.length == 2, minute.value < 60 else { return nil }
        var time = ClockTime(hour: hour.value, minute: minute.value)
        let end = minute.end
        if let colon2 = adjacent(end), colon2.isSymbol(":"), let second = adjacent(colon2.end),
           second.isNumber(maxDigits: 2), second.length == 2, second.value < 61 {
            time.second = min(second.value, 59)
            return (time, second.end, true)
        }
        return (time, end, false)
    }
}
