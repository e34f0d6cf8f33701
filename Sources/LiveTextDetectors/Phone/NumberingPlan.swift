/// What a telephone number is for, when a region's plan tells.
enum PhoneNumberType: String, Sendable {
    case fixed, mobile, fixedOrMobile, tollFree, premium, shared, voip, personal, pager
}

/// One range of a national numbering plan: the leading digits of the national significant number
/// (NSN), the NSN lengths allowed there, and the service type.
struct NumberRule: Sendable {
    /// Per leading position, a bit mask of the digits allowed there.
    let prefix: [UInt16]
    /// Bit `n` set: an NSN of `n` digits is allowed.
    let lengths: UInt32
    let type: PhoneNumberType?
    /// How the number is written nationally in a region with a trunk prefix.
    let trunkUse: TrunkUse

    enum TrunkUse: Sendable {
        /// With the trunk prefix: "020 7946 0958".
        case required
        /// Without it (AU 1800, IN 1800, CN 400).
        case never
        /// Either way (CN and BR mobiles: "138 0013 8000", "(11) 91234-5678").
        case optional
    }

    func matches(_ nsn: ArraySlice<UInt8>) -> Bool {
        guard nsn.count < 32, lengths & (1 << UInt32(nsn.count)) != 0, nsn.count >= prefix.count else {
            return false
        }
        var index = nsn.startIndex
        for mask in prefix {
            guard mask & (1 << UInt16(nsn[index])) != 0 else { return false }
            index += 1
        }
        return true
    }

    /// Parses one rule of the compact notation the plan table uses:
    /// `PREFIX:LENGTHS[:TYPE[n]]`, e.g. `7[1-57-9]:10:m`, `80[08]:9-10:t`, `1800:10:tn`.
    /// PREFIX is a sequence of digits, `x` (any digit) and bracketed digit sets with ranges;
    /// LENGTHS a comma list of lengths and `a-b` ranges; TYPE one letter (see `typeLetters`),
    /// then `n` for numbers written nationally without the trunk prefix, `o` for either way.
    init(_ spec: Substring) {
        let fields = spec.split(separator: ":", omittingEmptySubsequences: false)
        precondition(fields.count >= 2, "bad numbering rule \(spec)")
        var prefix: [UInt16] = []
        var inSet = false
        var set: UInt16 = 0
        var previous: Int?
        var pendingRange = false
        for c in fields[0].unicodeScalars {
            switch c {
            case "[": inSet = true; set = 0; previous = nil
            case "]": inSet = false; prefix.append(set)
            case "-": pendingRange = true
            case "x": prefix.append(0x3FF)
            default:
                let d = Int(c.value) - 0x30
                precondition(d >= 0 && d <= 9, "bad numbering rule \(spec)")
                if !inSet {
                    prefix.append(1 << UInt16(d))
                } else if pendingRange, let low = previous {
                    for v in low...d { set |= 1 << UInt16(v) }
                    pendingRange = false
                } else {
                    set |= 1 << UInt16(d)
                    previous = d
                }
            }
        }
        var lengths: UInt32 = 0
        for part in fields[1].split(separator: ",") {
            let bounds = part.split(separator: "-").compactMap { Int($0) }
            for n in bounds[0]...(bounds.last ?? bounds[0]) { lengths |= 1 << UInt32(n) }
        }
        self.prefix = prefix
        self.lengths = lengths
        let flags = fields.count > 2 ? fields[2] : ""
        type = flags.first.flatMap { NumberRule.typeLetters[$0] }
        trunkUse = flags.contains("n") ? .never : flags.contains("o") ? .optional : .required
    }

    static let typeLetters: [Character: PhoneNumberType] = [
        "f": .fixed, "m": .mobile, "x": .fixedOrMobile, "t": .tollFree, "r": .premium,
        "s": .shared, "v": .voip, "p": .personal, "g": .pager,
    ]
}

/// What a plan says of a number it accepts.
struct PlanMatch: Sendable {
    let type: PhoneNumberType?
}

/// A region's numbering plan: calling code, trunk and international prefixes, and the ranges of
/// valid national significant numbers, either as coarse hand-written rules (`NumberingPlans`) or
/// as the automaton generated from a numbering-plan database (`GeneratedPlans`).
struct NumberingPlan: Sendable {
    let region: String
    let callingCode: Int
    /// The national (trunk) prefix dialled before a national number: `0`, `8` (RU), `1` (NANP).
    let trunk: [UInt8]
    /// True where the trunk prefix may be left out of a national number (NANP's `1`).
    let trunkOptional: Bool
    /// International call prefixes of the region besides `00` (`011` in NANP, `010` in JP).
    let internationalPrefixes: [[UInt8]]
    let rules: [NumberRule]
    /// The generated plan's numbers and their types (nil for a hand-written plan).
    let automaton: PlanAutomaton?
    /// The generated plan's leading digits of the numbers written nationally without the trunk
    /// prefix (a prefix match; nil: every national number takes the trunk prefix).
    let bareLeading: PlanAutomaton?
    /// The main region of a calling code several regions share (GB for +44, RU for +7).
    let isMainForCode: Bool
    /// The generated plan's national formats as the digit counts of their groups, the trunk
    /// prefix counted ("020 7946 0958": 3, 4, 4); empty for a hand-written plan.
    let shapes: [[ClosedRange<Int>]]

    init(_ region: String, _ callingCode: Int, trunk: String = "", trunkOptional: Bool = false,
         idd: [String] = [], _ rules: String) {
        self.region = region
        self.callingCode = callingCode
        self.trunk = trunk.unicodeScalars.map { UInt8($0.value - 0x30) }
        self.trunkOptional = trunkOptional
        internationalPrefixes = idd.map { $0.unicodeScalars.map { UInt8($0.value - 0x30) } }
        self.rules = rules.split(separator: " ").map(NumberRule.init)
        automaton = nil
        bareLeading = nil
        isMainForCode = true
        shapes = []
    }

    /// A generated plan from one line of `NumberingPlanData.text`:
    /// `REGION CODE TRUNK IDD,IDD FLAGS TYPES BARE SHAPES` (`-` for an empty field; a shape is
    /// its groups' digit counts joined by `.`, a count `a` or `a-b`, shapes joined by `,`).
    init?(generated line: Substring) {
        let fields = line.split(separator: " ")
        guard fields.count == 8, let code = Int(fields[1]), let automaton = PlanAutomaton(encoded: fields[5]) else {
            return nil
        }
        func digits(_ text: Substring) -> [UInt8] { text == "-" ? [] : text.unicodeScalars.map { UInt8($0.value - 0x30) } }
        region = String(fields[0])
        callingCode = code
        trunk = digits(fields[2])
        trunkOptional = false
        internationalPrefixes = fields[3] == "-" ? [] : fields[3].split(separator: ",").map(digits).filter { $0 != [0, 0] }
        isMainForCode = fields[4].contains("m")
        rules = []
        self.automaton = automaton
        bareLeading = fields[6] == "-" ? nil : PlanAutomaton(encoded: fields[6])
        shapes = fields[7] == "-" ? [] : fields[7].split(separator: ",").map { shape in
            shape.split(separator: ".").map { group in
                let bounds = group.split(separator: "-").compactMap { Int($0) }
                return (bounds.first ?? 0)...(bounds.last ?? 0)
            }
        }
    }

    /// True when a number written in groups of `sizes` digits is written as one of the plan's
    /// national formats writes it, a format's group maybe split further ("089 2180 2442" for
    /// Munich's `089 21802442`).
    func writesNationally(_ sizes: [Int]) -> Bool {
        shapes.contains { shape in
            guard shape.count <= sizes.count else { return false }
            // Each format group takes the next one or more written groups.
            func fits(_ g: Int, _ k: Int) -> Bool {
                if g == shape.count { return k == sizes.count }
                var sum = 0
                var j = k
                while j < sizes.count {
                    sum += sizes[j]
                    j += 1
                    if sum > shape[g].upperBound { return false }
                    if shape[g].contains(sum), fits(g + 1, j) { return true }
                }
                return false
            }
            return fits(0, 0)
        }
    }

    /// How the plan sees the NSN, or nil when the number is not valid in this plan.
    /// `trunkWritten`: nil for an international number (any rule), true when the number was
    /// written with the trunk prefix, false when written nationally without it.
    func match(_ nsn: ArraySlice<UInt8>, trunkWritten: Bool?) -> PlanMatch? {
        if let automaton {
            let label = automaton.label(of: nsn)
            guard label != 0 else { return nil }
            if trunkWritten == false, !trunk.isEmpty, bareLeading?.matchesPrefix(of: nsn) != true { return nil }
            return PlanMatch(type: PlanAutomaton.type(of: label))
        }
        for rule in rules where rule.matches(nsn) {
            if let written = trunkWritten, !trunk.isEmpty, !trunkOptional {
                switch rule.trunkUse {
                case .required: if !written { continue }
                case .never: if written { continue }
                case .optional: break
                }
            }
            return PlanMatch(type: rule.type)
        }
        return nil
    }
}
