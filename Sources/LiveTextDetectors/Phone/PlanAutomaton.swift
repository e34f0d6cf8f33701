/// A deterministic automaton over the digits 0-9, as `scripts/gen-numbering-plans.py` writes it
/// (`NumberingPlanData`): state 0 starts, each state has a label (a bit mask: the number types
/// whose pattern a number ending there matches; 0: no match) and one target per digit.
struct PlanAutomaton: Sendable {
    /// Per state, its label.
    private let labels: [UInt16]
    /// Per state, ten targets plus one; 0: no move.
    private let targets: [UInt16]

    /// The label of the whole of `digits` (0: not matched).
    func label(of digits: ArraySlice<UInt8>) -> UInt16 {
        var state = 0
        for d in digits {
            let next = targets[state * 10 + Int(d)]
            if next == 0 { return 0 }
            state = Int(next) - 1
        }
        return labels[state]
    }

    /// True when some prefix of `digits` (the empty one included) reaches a matching state.
    func matchesPrefix(of digits: ArraySlice<UInt8>) -> Bool {
        var state = 0
        for d in digits {
            if labels[state] != 0 { return true }
            let next = targets[state * 10 + Int(d)]
            if next == 0 { return false }
            state = Int(next) - 1
        }
        return labels[state] != 0
    }

    /// The type a label names: fixed and mobile together are `fixedOrMobile`, otherwise the
    /// first type in the generator's bit order.
    static func type(of label: UInt16) -> PhoneNumberType? {
        if label & 3 == 3 { return .fixedOrMobile }
        for (bit, type) in typeBits.enumerated() where label & (1 << UInt16(bit)) != 0 { return type }
        return nil
    }

    /// The generator's type order: fixed line, mobile, toll free, premium rate, shared cost,
    /// VoIP, personal, pager, UAN (shared), voicemail (VoIP).
    private static let typeBits: [PhoneNumberType] = [
        .fixed, .mobile, .tollFree, .premium, .shared, .voip, .personal, .pager, .shared, .voip,
    ]

    /// Decodes one automaton: per state two base-62 digits of label, then ten targets (+1) of two
    /// base-62 digits each, a run of equal targets written `~` + count + target.
    init?(encoded: Substring) {
        var labels: [UInt16] = []
        var targets: [UInt16] = []
        var scalars = encoded.unicodeScalars.makeIterator()
        func pair(_ first: Unicode.Scalar) -> UInt16? {
            guard let high = PlanAutomaton.base62(first), let second = scalars.next(),
                  let low = PlanAutomaton.base62(second) else { return nil }
            return high * 62 + low
        }
        while let first = scalars.next() {
            guard let label = pair(first) else { return nil }
            labels.append(label)
            var filled = 0
            while filled < 10 {
                guard var c = scalars.next() else { return nil }
                var run = 1
                if c == "~" {
                    guard let count = scalars.next()?.asciiDigitValue, let next = scalars.next() else { return nil }
                    run = count
                    c = next
                    // A run of ten: "~1" then "0".
                    if count == 1, c == "0" {
                        run = 10
                        guard let after = scalars.next() else { return nil }
                        c = after
                    }
                }
                guard let target = pair(c), filled + run <= 10 else { return nil }
                targets.append(contentsOf: repeatElement(target, count: run))
                filled += run
            }
        }
        guard !labels.isEmpty, targets.allSatisfy({ Int($0) <= labels.count }) else { return nil }
        self.labels = labels
        self.targets = targets
    }

    private static func base62(_ c: Unicode.Scalar) -> UInt16? {
        switch c.value {
        case 0x30...0x39: UInt16(c.value - 0x30)
        case 0x61...0x7A: UInt16(c.value - 0x61 + 10)
        case 0x41...0x5A: UInt16(c.value - 0x41 + 36)
        default: nil
        }
    }
}
