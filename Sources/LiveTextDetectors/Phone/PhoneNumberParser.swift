/// A phone number resolved against a numbering plan.
struct ParsedPhoneNumber: Sendable, Equatable {
    let callingCode: Int
    /// The national significant number, one digit per element.
    let nsn: [UInt8]
    let region: String
    let type: PhoneNumberType?

    var e164: String {
        var text = "+\(callingCode)"
        text.unicodeScalars.append(contentsOf: nsn.map { Unicode.Scalar($0 + 0x30) })
        return text
    }
}

/// Reads a digit string (separators already removed) as an international or national number and
/// validates it against the numbering plans.
enum PhoneNumberParser {
    /// - Parameters:
    ///   - digits: the number's digits, including any international or trunk prefix.
    ///   - hasPlus: the digits followed a `+`, so they start with a calling code.
    ///   - plan: the plan of the default region national numbers are read in, if we have it.
    static func parse(_ digits: ArraySlice<UInt8>, hasPlus: Bool, plan: NumberingPlan?) -> ParsedPhoneNumber? {
        if hasPlus { return international(digits, unknownPlansAllowed: true) }
        // "00" is the ITU-recommended international prefix; no national number starts with it, so
        // it is read as one whatever the default region ("0044 20 ..." in a US text).
        if digits.first == 0 {
            for idd in plan?.internationalPrefixes ?? [] where digits.starts(with: idd) {
                if let number = international(digits.dropFirst(idd.count), unknownPlansAllowed: false) {
                    return number
                }
            }
            if digits.starts(with: [0, 0]),
               let number = international(digits.dropFirst(2), unknownPlansAllowed: false) {
                return number
            }
        }
        guard let plan else { return nil }
        return national(digits, plan: plan)
    }

    static func national(_ digits: ArraySlice<UInt8>, plan: NumberingPlan) -> ParsedPhoneNumber? {
        if plan.callingCode == 1 {
            var nsn = digits
            if nsn.count == 11, nsn.first == 1 { nsn = nsn.dropFirst() }
            return nanp(nsn)
        }
        if !plan.trunk.isEmpty, digits.starts(with: plan.trunk) {
            let nsn = digits.dropFirst(plan.trunk.count)
            if let rule = plan.match(nsn, trunkWritten: true) { return make(plan, nsn, rule) }
        }
        if let rule = plan.match(digits, trunkWritten: plan.trunk.isEmpty ? nil : false) {
            return make(plan, digits, rule)
        }
        return nil
    }

    static func international(_ digits: ArraySlice<UInt8>, unknownPlansAllowed: Bool) -> ParsedPhoneNumber? {
        var code = 0
        for length in 1...3 where digits.count > length {
            code = code * 10 + Int(digits[digits.startIndex + length - 1])
            guard let region = CallingCodes.region(of: code) else { continue }
            let nsn = digits.dropFirst(length)
            if code == 1 { return nanp(nsn) }
            guard let plan = NumberingPlans.byCallingCode[code] else {
                // No hand plan: the generated plans of every region sharing the code, main first.
                for plan in GeneratedPlans.byCallingCode[code] ?? [] {
                    if let rule = plan.match(nsn, trunkWritten: nil) { return make(plan, nsn, rule) }
                    if !plan.trunk.isEmpty, nsn.starts(with: plan.trunk) {
                        let stripped = nsn.dropFirst(plan.trunk.count)
                        if let rule = plan.match(stripped, trunkWritten: nil) { return make(plan, stripped, rule) }
                    }
                }
                // A '+' and an assigned calling code without a generated plan: only the E.164
                // length limits are checked.
                guard unknownPlansAllowed, GeneratedPlans.byCallingCode[code] == nil, (6...12).contains(nsn.count),
                      nsn.first != 0 else { return nil }
                return ParsedPhoneNumber(callingCode: code, nsn: Array(nsn), region: region, type: nil)
            }
            if let rule = plan.match(nsn, trunkWritten: nil) { return make(plan, nsn, rule) }
            // "+44 (0)20 ...", "+49 030 ...": a trunk prefix written after the calling code.
            if !plan.trunk.isEmpty, nsn.starts(with: plan.trunk) {
                let stripped = nsn.dropFirst(plan.trunk.count)
                if let rule = plan.match(stripped, trunkWritten: nil) { return make(plan, stripped, rule) }
            }
            // Mexico's former mobile token "+52 1 55 ...".
            if code == 52, nsn.count == 11, nsn.first == 1 {
                let stripped = nsn.dropFirst()
                if let rule = plan.match(stripped, trunkWritten: nil) { return make(plan, stripped, rule) }
            }
            return nil
        }
        return nil
    }

    /// NANP: NPA-NXX-XXXX, where neither the area code nor the exchange starts with 0 or 1 or is
    /// an N11 service code, and area codes N9X, 37X and 96X are reserved (NANPA). The 555 area
    /// code is not in service; the 555 exchange (555-01XX fictional numbers included) is kept.
    static func nanp(_ nsn: ArraySlice<UInt8>) -> ParsedPhoneNumber? {
        guard nsn.count == 10 else { return nil }
        let d = nsn.startIndex
        let digit = { (k: Int) in nsn[d + k] }
        guard digit(0) >= 2, digit(1) <= 8, !(digit(1) == 1 && digit(2) == 1), digit(3) >= 2,
              !(digit(4) == 1 && digit(5) == 1), !(digit(0) == 3 && digit(1) == 7),
              !(digit(0) == 9 && digit(1) == 6), !(digit(0) == 5 && digit(1) == 5 && digit(2) == 5)
        else { return nil }
        guard let plan = NumberingPlans.byRegion["US"],
              let rule = plan.match(nsn, trunkWritten: nil) else { return nil }
        let npa = Int(digit(0)) * 100 + Int(digit(1)) * 10 + Int(digit(2))
        let region = rule.type == .tollFree || rule.type == .premium ? "US" : NANPRegions.region(ofAreaCode: npa)
        return ParsedPhoneNumber(callingCode: 1, nsn: Array(nsn), region: region, type: rule.type)
    }

    private static func make(_ plan: NumberingPlan, _ nsn: ArraySlice<UInt8>, _ rule: PlanMatch) -> ParsedPhoneNumber {
        var region = plan.region
        // +7 6xx / 7xx is Kazakhstan.
        if plan.callingCode == 7, let first = nsn.first, first == 6 || first == 7 { region = "KZ" }
        return ParsedPhoneNumber(callingCode: plan.callingCode, nsn: Array(nsn), region: region, type: rule.type)
    }
}
