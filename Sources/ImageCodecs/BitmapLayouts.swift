import LiveTextCore

/// A BMP's size and depth from its info header (the OS/2 one of 12 bytes, or Windows' of 40 and
/// more, where a negative height means rows top first).
enum BMPLayout {
    static func read(_ b: ByteView) throws -> ImageLayout {
        let headerSize = try b.u32(14, bigEndian: false)
        let width: Int, height: Int, bits: Int
        if headerSize == 12 {
            width = try b.u16(18, bigEndian: false)
            height = try b.u16(20, bigEndian: false)
            bits = try b.u16(24, bigEndian: false)
        } else {
            width = Int(Int32(truncatingIfNeeded: try b.u32(18, bigEndian: false)))
            height = abs(Int(Int32(truncatingIfNeeded: try b.u32(22, bigEndian: false))))
            bits = try b.u16(28, bigEndian: false)
        }
        return ImageLayout(width: width, height: height, pixDepth: bits <= 8 ? max(bits, 1) : 32, hasAlpha: bits == 32)
    }
}

/// A PNM's size from its text header: `P1`…`P6` then width, height (and the largest value),
/// with `#` comments between; PAM (`P7`) as `WIDTH`, `HEIGHT`, `DEPTH` lines up to `ENDHDR`.
enum PNMLayout {
    static func read(_ b: ByteView) throws -> ImageLayout {
        let kind = try b.u8(1) - Int(UInt8(ascii: "0"))
        // At most 4 KiB of header: a comment longer than that is not a header.
        let header = String(decoding: UnsafeBufferPointer(rebasing: b.bytes[2..<min(b.count, 4096)]), as: UTF8.self)
        if kind == 7 { return try pam(header, b) }
        var tokens = [Int]()
        for line in header.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.prefix { $0 != "#" }
            for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
                guard let number = Int(word), number >= 0 else { throw b.corrupt("'\(word.prefix(20))' in its header") }
                tokens.append(number)
                if tokens.count == (kind == 1 || kind == 4 ? 2 : 3) { return make(kind, tokens) }
            }
        }
        throw b.cutShort
    }

    private static func make(_ kind: Int, _ tokens: [Int]) -> ImageLayout {
        let depth = switch kind {
        case 1, 4: 1
        case 2, 5: tokens[2] > 255 ? 16 : 8
        default: 32
        }
        return ImageLayout(width: tokens[0], height: tokens[1], pixDepth: depth)
    }

    private static func pam(_ header: String, _ b: ByteView) throws -> ImageLayout {
        var fields = [String: Int]()
        for line in header.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.first == "ENDHDR" { break }
            if words.count == 2, let value = Int(words[1]) { fields[String(words[0])] = value }
        }
        guard let width = fields["WIDTH"], let height = fields["HEIGHT"] else { throw b.cutShort }
        let depth = fields["DEPTH"] ?? 1
        return ImageLayout(width: width, height: height, pixDepth: depth == 1 ? 8 : 32, hasAlpha: depth == 2 || depth == 4)
    }
}
