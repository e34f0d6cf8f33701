/// The check-digit algorithms of the carriers' tracking numbers.
///
/// Algorithms as described in github.com/jkeen/tracking_number_data (CHECKSUM_ALGORITHMS.md, MIT),
/// ISO/IEC 7064 (MOD 37,36) and UPU standard S10; written here from those descriptions.
/// Characters are "symbols": 0-9 for digits, 10-35 for A-Z, 36 for '-'.
enum TrackingChecksum: Sendable {
    /// No check digit: only the format says it is a tracking number.
    case none
    /// Weighted sum mod 10 over `sequence`, the complement (0 stays 0) must equal the symbol at
    /// `check`. Even positions (0-based, after `prefix`) are multiplied by `evens`, odd ones by
    /// `odds`; letters count as `(ASCII - 3) mod 10` (UPS).
    case mod10(sequence: Range<Int>, check: Int, evens: Int, odds: Int, prefix: [Int])
    /// The sequence read as a number, mod 7 (DHL Express).
    case mod7(sequence: Range<Int>, check: Int)
    /// Σ digit × weight, mod `modulo1`, mod `modulo2` (FedEx Express).
    case weighted(sequence: Range<Int>, check: Int, weights: [Int], modulo1: Int, modulo2: Int)
    /// Luhn over the whole number, check digit last.
    case luhn
    /// UPU S10: weights 8 6 4 2 3 5 9 7 over the serial, 11 - (sum mod 11), 10 → 0, 11 → 5.
    case s10
    /// ISO/IEC 7064 MOD 37,36 over `sequence`; the check is a digit or a letter (DPD).
    case mod3736(sequence: Range<Int>, check: Int)

    var isPresent: Bool {
        if case .none = self { return false }
        return true
    }

    /// Whether the symbols (see the type's doc) pass.
    func validates(_ symbols: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .none:
            return true
        case let .mod10(sequence, check, evens, odds, prefix):
            guard let expected = digit(symbols[check]) else { return false }
            var total = 0
            var index = 0
            for value in prefix {
                total += value * (index & 1 == 0 ? evens : odds)
                index += 1
            }
            for position in sequence {
                let symbol = Int(symbols[position])
                // Letters as UPS counts them: (ASCII code - 3) mod 10; 'A' (65) is symbol 10.
                let value = symbol < 10 ? symbol : (symbol + 55 - 3) % 10
                total += value * (index & 1 == 0 ? evens : odds)
                index += 1
            }
            let remainder = total % 10
            return (remainder == 0 ? 0 : 10 - remainder) == expected
        case let .mod7(sequence, check):
            guard let expected = digit(symbols[check]) else { return false }
            var remainder = 0
            for position in sequence {
                guard let value = digit(symbols[position]) else { return false }
                remainder = (remainder * 10 + value) % 7
            }
            return remainder == expected
        case let .weighted(sequence, check, weights, modulo1, modulo2):
            guard let expected = digit(symbols[check]) else { return false }
            var total = 0
            for (offset, position) in sequence.enumerated() {
                guard let value = digit(symbols[position]) else { return false }
                total += value * weights[offset]
            }
            return total % modulo1 % modulo2 == expected
        case .luhn:
            var total = 0
            var double = false
            for position in stride(from: symbols.count - 1, through: 0, by: -1) {
                guard var value = digit(symbols[position]) else { return false }
                if double {
                    value *= 2
                    if value > 9 { value -= 9 }
                }
                total += value
                double.toggle()
            }
            return total % 10 == 0
        case .s10:
            // Two letters, eight serial digits, the check digit, two letters.
            let weights = [8, 6, 4, 2, 3, 5, 9, 7]
            guard symbols.count == 13, let expected = digit(symbols[10]) else { return false }
            var total = 0
            for offset in 0..<8 {
                guard let value = digit(symbols[2 + offset]) else { return false }
                total += value * weights[offset]
            }
            let check = switch 11 - total % 11 {
            case 10: 0
            case 11: 5
            case let value: value
            }
            return check == expected
        case let .mod3736(sequence, check):
            // ISO/IEC 7064 hybrid system, M = 36.
            var product = 36
            for position in sequence {
                let value = Int(symbols[position])
                guard value < 36 else { return false }
                var sum = (product + value) % 36
                if sum == 0 { sum = 36 }
                product = (sum * 2) % 37
            }
            let expected = (37 - product) % 36
            return Int(symbols[check]) == expected
        }
    }

    private func digit(_ symbol: UInt8) -> Int? {
        symbol < 10 ? Int(symbol) : nil
    }
}
