import LiveTextCore

/// Phone numbers, national and international, validated against numbering plans.
///
/// The scanner stops only at digits and `+`, gathers the run of digit groups around them on one
/// line, then splits the run into numbers that validate (calling code, trunk prefix, NSN length
/// and leading digits of the region). OCR confusions (`O`→0, `l`→1...) are folded inside
/// digit-dominant groups only, and a folded number is kept only when it validates.
///
/// National numbers are read in the region the text points at nearest to them (an address's
/// country, a `+CC` number, a one-country currency, a country-code domain: `RegionHints`) before
/// the countries of the languages read (`LanguageRegions`: German text → `(089) 123456`), then
/// the user's region; a region's plan only accepts a number written as that region writes it
/// (with its trunk prefix), so hints add numbers and do not take the user's away. A national
/// number no such plan takes is read in the other countries' plans (`GeneratedPlans`: every
/// region's) after a word that says "phone" (`PhoneWords`), or when exactly one plausible
/// country's plan takes it; words that say invoice, order, account or IBAN (`PhoneWords`) keep
/// national readings away.
///
/// `value`: `e164`, `region` (ISO alpha-2 of the number), `countryCode`, and `type` (`mobile`,
/// `fixed`, `fixedOrMobile`, `tollFree`, `premium`, `shared`, `voip`, `personal`, `pager`) when
/// the plan tells, `extension` when one is written.
public struct PhoneNumberDetector: Detector {
    public init() {}

    public var kinds: Set<ItemKind> { [.phone] }

    public func detect(in text: ScannedText, context: DetectionContext) -> [Detection] {
        var scanner = PhoneScanner(s: text.scalars, region: context.region, hints: context.regionHints,
                                   languages: LanguageRegions.plans(for: context.languages))
        scanner.scan()
        return scanner.found
    }
}

/// The longest digit string a number (with international prefix) can take.
private let maximumDigits = 17
/// The most groups one number is split into ("+44 (0) 20 79 46 09 58").
private let maximumGroups = 9

struct PhoneScanner {
    let s: [Unicode.Scalar]
    /// The default region's plan: how national numbers are read when the text names no region.
    let plan: NumberingPlan?
    /// Regions the text points at, by position: the other items' and the `+CC` numbers'.
    let hints: [RegionHint]
    /// The plans of the countries of the languages read, after the hints.
    let languagePlans: [NumberingPlan]
    var found: [Detection] = []
    private var run = PhoneRun()
    /// The plans national numbers of the current run are read in, nearest hint first.
    private var plans: [NumberingPlan] = []
    /// What the words before the current run say it is.
    private var verdict: PhoneWords.Verdict?

    init(s: [Unicode.Scalar], region: String, hints: [RegionHint] = [], languages: [NumberingPlan] = []) {
        self.s = s
        languagePlans = languages
        plan = NumberingPlans.byRegion[region]
        self.hints = (hints + RegionHints.callingCodeHints(in: s)).sorted { $0.position < $1.position }
    }

    mutating func scan() {
        let n = s.count
        var i = 0
        while i < n {
            let v = s[i].value
            if (v >= 0x30 && v <= 0x39) || v == 0x2B {
                i = max(i + 1, readRun(at: i))
            } else {
                i += 1
            }
        }
    }

    // MARK: - Runs

    /// Reads the run starting at the digit or `+` at `i`, emits its numbers, and returns where
    /// scanning resumes.
    private mutating func readRun(at i: Int) -> Int {
        run.reset()
        var start = i
        if s[i] == "+" {
            var k = i + 1
            if k < s.count, s[k].isHorizontalSpace { k += 1 }
            guard k < s.count, s[k].isAlphanumeric else { return i + 1 }
            if i > 0, s[i - 1].isAlphanumeric || s[i - 1] == "+" { return i + 1 }
            run.plus = i
            start = k
        } else {
            // The group may start with letters OCR misread ("Ol23" reached at its "1").
            var k = i
            while k > 0, s[k - 1].isAlphanumeric, i - k < 24 { k -= 1 }
            if k > 0, s[k - 1].isAlphanumeric { return skipToken(from: i) }
            start = k
        }
        run.spoiledBefore = isSpoiledBefore(start: run.plus ?? start)

        var position = start
        var separatorLength = 0
        var separator: Unicode.Scalar?
        var glued = false
        while true {
            guard let group = readGroup(at: position) else {
                // Not a phone group: the run ends before it.
                let hasDigit = tokenHasDigit(from: position)
                if run.groups.isEmpty {
                    return skipToken(from: position)
                }
                if glued && hasDigit { run.gluedJunkAfter = true }
                emitNumbers()
                return hasDigit ? skipToken(from: position) : position
            }
            var g = group
            g.separatorLength = separatorLength
            g.separator = separator
            g.gluedToPrevious = glued
            if run.groups.isEmpty { run.gluedJunkBefore = isGluedToJunkBefore(start: start) }
            run.groups.append(g)

            // The separator block to the next group.
            var k = g.end
            var length = 0
            var hasSpace = false, hasGlue = false
            while k < s.count, length <= 4, PhoneScalars.isSeparator(s[k]) {
                if s[k].isHorizontalSpace {
                    // A dot before a space ends a sentence, not a group.
                    if length > 0, s[k - 1] == "." { break }
                    hasSpace = true
                } else if PhoneScalars.isGlue(s[k]) {
                    hasGlue = true
                }
                length += 1
                k += 1
            }
            let continues = length > 0 && length <= 4 && k < s.count && s[k].isAlphanumeric
            if !continues {
                run.spoiledAfter = isSpoiledAfter(end: g.end)
                emitNumbers()
                return g.end
            }
            separatorLength = length
            separator = length == 1 ? s[g.end] : nil
            glued = hasGlue && !hasSpace
            position = k
        }
    }

    /// Reads the group at `start`: digits and OCR-confusable letters, digits dominant. A group
    /// ends before an `x` that introduces an extension ("0123x45").
    private mutating func readGroup(at start: Int) -> PhoneGroup? {
        var k = start
        var real = 0, letters = 0
        let digitStart = run.digits.count
        while k < s.count, s[k].isAlphanumeric {
            let c = s[k]
            if let d = c.asciiDigitValue {
                real += 1
                run.digits.append(UInt8(d))
            } else if (c == "x" || c == "X"), real > 0, k + 1 < s.count, s[k + 1].isASCIIDigit {
                break
            } else if let d = OCRConfusion.digit(for: c) {
                letters += 1
                run.digits.append(UInt8(d))
            } else {
                run.digits.removeSubrange(digitStart...)
                return nil
            }
            k += 1
            if real + letters > maximumDigits {
                run.digits.removeSubrange(digitStart...)
                return nil
            }
        }
        // A group needs a real digit, except one misread scalar inside a run ("+43 l 53422 0",
        // "+44 (O)20"); the number as a whole must still be mostly real digits.
        guard real > 0 || (letters == 1 && !run.groups.isEmpty) else {
            run.digits.removeSubrange(digitStart...)
            return nil
        }
        return PhoneGroup(start: start, end: k, digitStart: digitStart, digitCount: real + letters,
                          realDigits: real)
    }

    private func skipToken(from i: Int) -> Int {
        var k = i
        while k < s.count, s[k].isAlphanumeric { k += 1 }
        return max(k, i + 1)
    }

    private func tokenHasDigit(from i: Int) -> Bool {
        var k = i
        while k < s.count, s[k].isAlphanumeric {
            if s[k].isASCIIDigit { return true }
            k += 1
        }
        return false
    }

    /// "$4155550123", "1,415", "#4155550123", "v4.1": a number, a price or an identifier, not a
    /// phone number.
    private func isSpoiledBefore(start: Int) -> Bool {
        guard start > 0 else { return false }
        let c = s[start - 1]
        if PhoneScalars.isCurrency(c) || c == "#" || c == "@" || c == "_" || c == "=" { return true }
        if start > 1, PhoneScalars.isCurrency(s[start - 2]), c.isHorizontalSpace { return true }
        if (c == "," || c == "." || c == ":"), start > 1, s[start - 2].isASCIIDigit { return true }
        return false
    }

    private func isSpoiledAfter(end: Int) -> Bool {
        guard end < s.count else { return false }
        let c = s[end]
        if c == "%" || c == "_" || c == "@" || PhoneScalars.isCurrency(c) { return true }
        if (c == "," || c == ":" || c == "."), end + 1 < s.count, s[end + 1].isASCIIDigit { return true }
        return false
    }

    /// A run glued by `-`, `.` or `/` to a preceding token with digits that is not a phone group
    /// ("AB12-415-555-0123").
    private func isGluedToJunkBefore(start: Int) -> Bool {
        guard start > 1, PhoneScalars.isGlue(s[start - 1]), s[start - 2].isAlphanumeric else { return false }
        var k = start - 2
        var steps = 0
        while k >= 0, s[k].isAlphanumeric, steps < 32 {
            if s[k].isASCIIDigit { return true }
            k -= 1
            steps += 1
        }
        return false
    }

    // MARK: - Splitting a run into numbers

    private mutating func emitNumbers() {
        let groups = run.groups
        let m = groups.count
        // No plan has numbers shorter than six digits with their prefix.
        guard m > 0, run.digits.count >= 6 else { return }
        // Card, IBAN and tracking numbers come in four-digit blocks, the last one maybe shorter
        // ("DE89 3704 0044 0532 0130 00").
        if m >= 4, run.plus == nil, groups.dropLast().allSatisfy({ $0.digitCount == 4 }),
           groups[m - 1].digitCount <= 4 { return }
        let blocked = PhoneShapes.blockedGroups(groups, digits: run.digits)
        plans = RegionHints.plans(near: groups[0].start, hints: hints, languages: languagePlans, fallback: plan)
        verdict = PhoneWords.verdict(s, before: run.plus ?? groups[0].start)

        var matches: [(a: Int, b: Int, number: ParsedPhoneNumber)] = []
        var a = 0
        while a < m {
            var best: (b: Int, number: ParsedPhoneNumber)?
            var digits = 0
            var b = a
            while b < m, b - a < maximumGroups {
                if blocked[b] { break }
                digits += groups[b].digitCount
                if digits > maximumDigits { break }
                b += 1
                if let number = candidate(a, b) { best = (b, number) }
            }
            if let best {
                matches.append((a, best.b, best.number))
                a = best.b
            } else {
                a += 1
            }
        }

        for (index, match) in matches.enumerated() {
            let (a, b, number) = match
            let coveredBefore = index > 0 && matches[index - 1].b == a
            let coveredAfter = index + 1 < matches.count && matches[index + 1].a == b
            if a == 0 {
                if run.spoiledBefore || run.gluedJunkBefore { continue }
            } else if !coveredBefore {
                // Part of a longer digit sequence: glued to a leftover group, or next to a long one.
                if groups[a].gluedToPrevious || groups[a - 1].digitCount >= 5 || blocked[a - 1] { continue }
            }
            var end = groups[b - 1].end
            var fields: [String: JSONValue] = [
                "e164": .string(number.e164), "region": .string(number.region),
                "countryCode": .int(number.callingCode),
            ]
            if let type = number.type { fields["type"] = .string(type.rawValue) }
            if b == m {
                if run.gluedJunkAfter { continue }
                if let (extensionDigits, extensionEnd) = PhoneShapes.readExtension(s, from: end) {
                    fields["extension"] = .string(extensionDigits)
                    end = extensionEnd
                } else if run.spoiledAfter {
                    continue
                }
            } else if !coveredAfter {
                if groups[b].gluedToPrevious || groups[b].digitCount >= 5 || blocked[b] { continue }
            }
            var start = groups[a].start
            if a == 0, let plus = run.plus {
                start = plus
            } else if start > 0, s[start - 1] == "(", b - a > 1, groups[a].end < s.count,
                      s[groups[a].end] == ")" {
                start -= 1
            }
            found.append(Detection(kind: .phone, range: start..<end, value: fields))
        }
    }

    /// The number groups `a..<b` make, when it validates.
    private func candidate(_ a: Int, _ b: Int) -> ParsedPhoneNumber? {
        let first = run.groups[a], last = run.groups[b - 1]
        let slice = run.digits[first.digitStart..<(last.digitStart + last.digitCount)]
        var real = 0
        for g in a..<b { real += run.groups[g].realDigits }
        // Folded letters only where digits clearly dominate (OCR noise, not words).
        guard real * 10 >= slice.count * 6, slice.count - real <= 4 else { return nil }
        let hasPlus = a == 0 && run.plus != nil
        if hasPlus { return PhoneNumberParser.parse(slice, hasPlus: true, plan: plan) }
        // "Invoice 0123 456 789", "Kundennummer 0412345678": the words say what the digits are.
        if verdict == .other { return nil }
        if plans.isEmpty { return PhoneNumberParser.parse(slice, hasPlus: false, plan: nil) ?? foreign(slice, a, b) }
        for plan in plans {
            // A region the text points at is weaker evidence than the user's: there a number must
            // be written in groups ("0113 234 0363", not "order 0113234036"), be the whole run
            // (not the tail of an IBAN's blocks) and not be short ("build 0891 234").
            if plan.region != self.plan?.region,
               b - a < 2 || a > 0 || b < run.groups.count || slice.count < 8 { continue }
            if let number = PhoneNumberParser.parse(slice, hasPlus: false, plan: plan) { return number }
        }
        return foreign(slice, a, b)
    }

    /// A national number of a country no plan of the run reads (`GeneratedPlans`), the whole of
    /// its run. After a word that says "phone": read in the first plausible region whose plan takes
    /// it written as that region groups it ("06 12 34 56 78": France), then in the first plausible
    /// region whose plan takes it at all, then in any region's. Without such a word: only a number
    /// in groups that exactly one plausible plan takes, grouped as that plan writes it. `011 44 …`
    /// after a phone word is an international number dialled from North America.
    private func foreign(_ slice: ArraySlice<UInt8>, _ a: Int, _ b: Int) -> ParsedPhoneNumber? {
        let m = run.groups.count
        guard a == 0, b == m, (8...15).contains(slice.count) else { return nil }
        var saysPhone = false
        var wordRegion: String?
        if case .phone(let region)? = verdict {
            saysPhone = true
            wordRegion = region
        }
        guard saysPhone || (m >= 2 && slice.count >= 9 && slice.count <= 13) else { return nil }
        if saysPhone, slice.starts(with: [0, 1, 1]),
           let number = PhoneNumberParser.international(slice.dropFirst(3), unknownPlansAllowed: false),
           number.callingCode != 1 {
            return number
        }
        guard slice.count <= 13 else { return nil }
        let sizes = m > 1 ? run.groups.map(\.digitCount) : []
        // The phone word's own country first ("Zadzwoń: 512 345 678" is Polish).
        if let wordRegion, let candidate = GeneratedPlans.byRegion[wordRegion],
           !plans.contains(where: { $0.region == wordRegion }),
           let number = PhoneNumberParser.national(slice, plan: candidate) {
            return number
        }
        var valid: [ParsedPhoneNumber] = []
        var grouped: [ParsedPhoneNumber] = []
        for candidate in GeneratedPlans.plausible where !plans.contains(where: { $0.region == candidate.region }) {
            guard let number = PhoneNumberParser.national(slice, plan: candidate) else { continue }
            if !sizes.isEmpty, candidate.writesNationally(sizes) {
                if saysPhone { return number }
                grouped.append(number)
            }
            valid.append(number)
        }
        guard saysPhone else { return grouped.count == 1 ? grouped[0] : nil }
        if let first = valid.first { return first }
        var other: ParsedPhoneNumber?
        for candidate in GeneratedPlans.others {
            guard let number = PhoneNumberParser.national(slice, plan: candidate) else { continue }
            if sizes.isEmpty || candidate.writesNationally(sizes) { return number }
            other = other ?? number
        }
        return other
    }
}
