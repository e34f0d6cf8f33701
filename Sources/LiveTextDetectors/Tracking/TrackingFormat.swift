/// One carrier's tracking number format: a fixed-length sequence of character classes, its check
/// digit and its tracking page.
final class TrackingFormat: Sendable {
    /// Stable lower-case carrier id (`ups`, `fedex`, `usps`, `dhl`, `s10`, ...).
    let carrier: String
    let carrierName: String
    /// The format's own name (`FedEx Ground 96`), reported as `format`.
    let name: String
    /// Per position, a bit set over symbols (0-9 digits, 10-35 letters A-Z, 36 '-').
    let slots: [UInt64]
    let checksum: TrackingChecksum
    /// Formats that are too weak on their own (short, no check digit, or a check digit that one
    /// number in ten passes) need a shipping word or the carrier's name nearby.
    let needsContext: Bool
    /// The carrier's tracking page with `%s` for the number.
    let url: String
    /// DHL eCommerce: a prefix and then 10-39 characters; handled by its own matcher.
    let variableLength: Bool

    init(_ carrier: String, _ carrierName: String, _ name: String, _ template: String,
         _ checksum: TrackingChecksum = .none, context: Bool = false, url: String,
         variableLength: Bool = false) {
        self.carrier = carrier
        self.carrierName = carrierName
        self.name = name
        self.slots = Self.slots(template)
        self.checksum = checksum
        self.needsContext = context
        self.url = url
        self.variableLength = variableLength
    }

    static let digitMask: UInt64 = (1 << 10) - 1
    static let letterMask: UInt64 = ((1 << 26) - 1) << 10

    /// The symbol of an upper-case ASCII letter, digit or '-'; nil otherwise.
    @inline(__always)
    static func symbol(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        if value >= 0x30 && value <= 0x39 { return UInt8(value - 0x30) }
        if value >= 0x41 && value <= 0x5A { return UInt8(value - 0x41 + 10) }
        if value == 0x2D { return 36 }
        return nil
    }

    /// The digit OCR commonly reads as this letter, for digit positions of check-digit formats.
    @inline(__always)
    static func ocrDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "O", "o", "D", "Q": 0
        case "I", "l", "|": 1
        case "S", "s": 5
        case "B": 8
        default: nil
        }
    }

    /// Template: `#` a digit, `@` a letter, `*` a letter or digit, `[...]` one of the listed
    /// characters (a `0-5` range allowed), anything else that literal character.
    private static func slots(_ template: String) -> [UInt64] {
        var slots: [UInt64] = []
        var scalars = Array(template.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "#": slots.append(digitMask)
            case "@": slots.append(letterMask)
            case "*": slots.append(digitMask | letterMask)
            case "[":
                var mask: UInt64 = 0
                var previous: UInt8?
                while let member = scalars.popFirst(), member != "]" {
                    if member == "-", let low = previous, let next = scalars.first, next != "]" {
                        scalars.removeFirst()
                        let high = symbol(next)!
                        for value in low...high { mask |= 1 << UInt64(value) }
                        previous = nil
                    } else {
                        let value = symbol(member)!
                        mask |= 1 << UInt64(value)
                        previous = value
                    }
                }
                slots.append(mask)
            default:
                slots.append(1 << UInt64(symbol(scalar)!))
            }
        }
        return slots
    }
}
