import LiveTextCore

/// Bounds-checked reads of the integers an image header is made of. Every read past the end
/// throws `invalidImage` saying the format's header is cut short, so that a parser never reads
/// outside the bytes it was given.
struct ByteView {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The format's name, for the messages ("PNG").
    let format: String

    var count: Int { bytes.count }

    func has(_ length: Int, at offset: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    func u8(_ offset: Int) throws -> Int {
        guard has(1, at: offset) else { throw cutShort }
        return Int(bytes[offset])
    }

    func u16(_ offset: Int, bigEndian: Bool) throws -> Int {
        guard has(2, at: offset) else { throw cutShort }
        let a = Int(bytes[offset]), b = Int(bytes[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u24le(_ offset: Int) throws -> Int {
        guard has(3, at: offset) else { throw cutShort }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
    }

    func u32(_ offset: Int, bigEndian: Bool) throws -> Int {
        guard has(4, at: offset) else { throw cutShort }
        return (0..<4).reduce(0) { value, i in
            value | Int(bytes[offset + i]) << (bigEndian ? 24 - 8 * i : 8 * i)
        }
    }

    func u64be(_ offset: Int) throws -> UInt64 {
        guard has(8, at: offset) else { throw cutShort }
        return (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }

    /// Whether the bytes at `offset` are `ascii` (a chunk type, a signature).
    func matches(_ ascii: String, at offset: Int) -> Bool {
        let expected = Array(ascii.utf8)
        return has(expected.count, at: offset) && expected.indices.allSatisfy { bytes[offset + $0] == expected[$0] }
    }

    var cutShort: LiveTextError { LiveTextError(.invalidImage, "truncated \(format) image (its header is cut short)") }

    func corrupt(_ detail: String) -> LiveTextError {
        LiveTextError(.invalidImage, "corrupt \(format) image (\(detail))")
    }
}
