/// A 128-bit fingerprint of an image's pixels and dimensions: equal images give equal digests,
/// and two different screenshots giving the same one is not a practical concern (two
/// independent 64-bit lanes over every byte). Not a cryptographic hash: it keys a cache of the
/// user's own images, not anything an adversary could exploit across users.
public struct PixelDigest: Sendable, Hashable {
    public let high: UInt64
    public let low: UInt64
}

extension PixelImage {
    /// The digest of the pixels, format and size: a few milliseconds for a 1920×1080 capture.
    public func contentDigest() -> PixelDigest {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(width) ^ (UInt64(format.bytesPerPixel) << 56)
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F ^ UInt64(height)
        pixels.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                let w = raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
                a = (a ^ w) &* 0x0000_0100_0000_01B3
                a ^= a >> 29
                b = (b &+ w) &* 0x9FB2_1C65_1E98_DF25
                b = (b << 31) | (b >> 33)
            }
            var tail: UInt64 = 0
            for i in (words * 8)..<raw.count { tail = tail << 8 | UInt64(raw[i]) }
            a = (a ^ tail ^ UInt64(raw.count)) &* 0x0000_0100_0000_01B3
            b = (b &+ tail) &* 0x9FB2_1C65_1E98_DF25
        }
        // A last mix so every input bit reaches every output bit.
        func finish(_ x: UInt64) -> UInt64 {
            var x = x
            x ^= x >> 33
            x = x &* 0xFF51_AFD7_ED55_8CCD
            x ^= x >> 33
            x = x &* 0xC4CE_B9FE_1A85_EC53
            return x ^ (x >> 33)
        }
        return PixelDigest(high: finish(a), low: finish(b ^ a))
    }
}
