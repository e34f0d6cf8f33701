import Foundation

/// The text of a QR code's bytes, as ZBar gives them with `ZBAR_CFG_BINARY` (no ECI applied).
///
/// ZBar's own guess tries Shift-JIS before UTF-8, so "café" in UTF-8 came out as "cafﾃｩ" (as
/// `zbarimg` shows it). Here, in order:
/// 1. valid UTF-8 (a byte-order mark dropped): UTF-8, what nearly every generator writes today;
/// 2. valid Shift-JIS (JIS X 0208 double bytes) with at least one byte from 0x80 to 0x9F, which
///    Latin-1 text never holds (they are C1 controls there) and Japanese text nearly always does
///    (kana and most kanji lead with them): Shift-JIS, the QR standard's 2000 default and what
///    Kanji mode carries;
/// 3. anything else: ISO-8859-1, the 2005 standard's default, one character per byte, so a
///    binary payload is kept byte for byte (U+0000 to U+00FF).
enum QRPayloadText {
    static func decode(_ bytes: [UInt8]) -> String {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let text = String(validating: body, as: UTF8.self) { return text }
        if bytes.contains(where: { (0x80...0x9F).contains($0) }), isShiftJIS(bytes),
           let text = String(bytes: bytes, encoding: .shiftJIS) {
            return text
        }
        var latin1 = String.UnicodeScalarView()
        latin1.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return String(latin1)
    }

    /// Whether `bytes` are well-formed Shift-JIS: ASCII, half-width katakana (0xA1–0xDF), and
    /// JIS X 0208 pairs (lead 0x81–0x9F or 0xE0–0xEF, trail 0x40–0x7E or 0x80–0xFC); the
    /// user-defined leads 0xF0–0xFC are not text anyone can read.
    static func isShiftJIS(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x00...0x7F, 0xA1...0xDF:
                index += 1
            case 0x81...0x9F, 0xE0...0xEF:
                guard index + 1 < bytes.count else { return false }
                let trail = bytes[index + 1]
                guard (0x40...0x7E).contains(trail) || (0x80...0xFC).contains(trail) else { return false }
                index += 2
            default:
                return false
            }
        }
        return true
    }
}
