/// Control characters made harmless for a terminal: a QR code holding `ESC ] 52 ; c ; …` would set the
/// terminal's clipboard, `ESC [ 2 J` clear its screen, a file name with `\r` overwrite the line.
public enum ControlCharacters {
    /// `text` with each control character (C0, DEL, C1) written out as `\x1b`-style text; with
    /// `keepingLineBreaks`, `\n` and `\t` stay (multi-line output), otherwise they are written out too
    /// (a one-line message, a log line, a file name). Text without any comes back unchanged.
    public static func escaped(_ text: String, keepingLineBreaks: Bool) -> String {
        func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x0A, 0x09: !keepingLineBreaks
            case 0x00..<0x20, 0x7F..<0xA0: true
            default: false
            }
        }
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isEscaped(scalar) else {
                out.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            out.append(contentsOf: ("\\x" + (hex.count < 2 ? "0" : "") + hex).unicodeScalars)
        }
        return String(out)
    }
}
