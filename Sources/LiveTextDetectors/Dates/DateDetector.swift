import LiveTextCore

/// Dates, times, ranges and durations, resolved against the reference time.
///
/// What it reads (English throughout; German, French and Spanish month and weekday names and
/// their time styles, "5. März 2026 um 14:30 Uhr", "le 5 mars à 9h30", "3 de marzo a las 14:30";
/// and, when the context says that language was read, its connectors, relative days, short
/// weekdays and units: "vom 3. bis 5. März", "heute um 14 Uhr", "du 3 au 5 mars", "demain",
/// "del 3 al 5 de marzo", "el próximo lunes" (`DateLanguages`)):
/// - dates: "March 3, 2026", "3 March 2026", "Mar 3", "Tue, Mar 3", "Tuesday 3rd March",
///   "03-Mar-2026", "March 2026", ISO "2026-03-05", numeric "03/05/2026" and "3/5" (month first
///   in the US, Canada and the Philippines, day first elsewhere; dotted "05.03.2026" is always
///   day first, ISO always year first);
/// - times: "3pm", "3:30 PM", "15:30", "noon", "midnight", "at 9", "9h30", "14 Uhr", with zones
///   ("3pm EST", "T14:00+01:00");
/// - relative days: "today", "tomorrow", "tonight", "next Friday", "this Monday", "in 3 days",
///   "next week", "2 days ago";
/// - ranges: "Mar 3-5", "March 3 – March 5, 2026", "3/5–3/7", "10-11am", "9am to 5pm",
///   "from 2 to 4 pm", "from 3 to 5 March" (days: a month after two bare numbers makes them days);
/// - durations: "for 2 hours", "2h 30m", "90 min", "an hour and a half".
///
/// The item's `value`:
/// - `start`: ISO 8601. A day alone is `2026-03-03`; with a time it is the local wall-clock time
///   with its UTC offset in the context's time zone (or the zone the text gave),
///   `2026-03-03T15:00:00+01:00`. Absent for a bare duration.
/// - `end`: same format, for ranges. All-day ranges end on their last day, inclusive
///   ("Mar 3-5" ends `2026-03-05`); a time range ending at or before its start ends the next day.
///   A time with a duration ("3pm for 2 hours") gets the end it implies.
/// - `duration`: ISO 8601 (`PT2H30M`, `P3D`, `P2W`) for durations.
/// - `allDay`: true when a day was named without a time; false for times and bare durations.
///
/// Resolution rules:
/// - a date without a year is the first occurrence on or after three months before the
///   reference day (`DateResolver.lookBackMonths`): "Feb 20" read on March 1 is last month,
///   "Sep 10" is this September, "Jan 5" read in December is next year;
///   a weekday written beside it picks a neighbouring year when the inferred one disagrees;
/// - "Friday", "on Friday", "this Friday": today if today is Friday, else the coming one;
///   "next Friday": the first Friday after today; "last Friday": the last one before today;
/// - "next week" / "this week": the first day of that week (Sunday or Monday by region, after
///   the Unicode CLDR week data); "next month": its first day;
/// - a time without a day is today; a bare "midnight" is the one at the end of today; "tonight"
///   alone is today (all day) and makes the hours after it evening ("tonight at 9" is 21:00);
/// - an hour with nothing to say am or pm ("at 3", "3 o'clock") from 1 to 6 is afternoon;
///   "15:30", "09:00", "à 9h" and "3:30" are read as written (24-hour).
///
/// It leaves alone version numbers and IP addresses ("1.2.3", "10.0.0.1"), phone numbers and
/// long digit runs, prices, scores ("3-5" with no month), fractions ("1/2", "3/4"), "24/7",
/// "may" and "march" in lower case unless a year or ordinal follows, invalid dates (Feb 30,
/// 13/13/2026) and times (25:00, 3:75), and times inside longer digit runs ("12:30:45:10").
/// OCR confusions are folded only where the shape proves a date: the hour and minutes of
/// "l0:30 AM", a year "2O26", month names "0ct", "N0v".
public struct DateDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.date] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        let scalars = text.scalars
        let conventions = DateRegionConventions(region: context.region)
        let languages = DateLanguages(context.languages)
        let parser = DateParser(reader: DateTokenReader(scalars: scalars, languages: languages), conventions: conventions)
        let resolver = DateResolver(
            clock: ReferenceClock(referenceDate: context.referenceDate, timeZone: context.timeZone),
            conventions: conventions)
        var found: [Detection] = []
        var i = 0
        let count = scalars.count
        while i < count {
            let scalar = scalars[i]
            guard scalar.value < 0x80 ? scalar.isASCIIAlphanumeric : scalar.isAlphanumeric else {
                i += 1
                continue
            }
            // One alphanumeric run: a cheap trigger test before any parsing.
            let runStart = i
            var hasDigit = false
            var key: WordKey = 0
            var prefix: WordKey = 0
            while i < count {
                let s = scalars[i]
                if s.isASCIIDigit {
                    hasDigit = true
                } else if let code = WordKeys.code(s) {
                    key = key << 5 | code
                    if i - runStart < HolidayNames.prefixLength {
                        prefix = prefix << 5 | (code < 27 ? code : WordKeys.foldedCode(s) ?? 31)
                    }
                } else if !s.isAlphanumeric {
                    break
                }
                i += 1
            }
            let isTrigger = hasDigit
                || (i - runStart <= WordKeys.maxLetters
                    && (DateWord.lookup(key)?.startsExpression == true
                        || languages.lookup(key)?.startsExpression == true))
                || (isCapital(scalar) && HolidayNames.mayStart(prefix))
            guard isTrigger, let expression = parser.parse(at: runStart),
                  let value = resolver.value(of: expression) else { continue }
            found.append(Detection(kind: .date, range: expression.range, value: value))
            i = max(i, expression.range.upperBound)
        }
        return found
    }
}

/// An upper-case letter: a holiday's name starts with one.
@inline(__always)
private func isCapital(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x80 ? (0x41...0x5A).contains(scalar.value) : scalar.properties.isUppercase
}

extension DateWord {
    /// Words an expression can begin with.
    var startsExpression: Bool {
        switch self {
        case .month, .weekday, .today, .tomorrow, .yesterday, .tonight, .noon, .midnight,
             .relativeOrdinal, .at, .atForeign, .inWord, .forWord, .lasting, .from, .between, .article,
             .half, .the, .ordinalWord, .numberWord, .agoBefore, .dayOffset, .boundary, .earlyLate, .season:
            true
        default:
            false
        }
    }
}
