/// Text from an image, a code or a path made safe to show in a notification. A NUL ended the
/// string D-Bus would carry (the notification was refused whole); a right-to-left override
/// (U+202E) turned `exe.txt` into what reads as `txt.exe`; `<i>` in a body the server reads as
/// markup was drawn, not shown. So every notification's summary, body and button labels pass here:
///
/// - Control characters are written out: `\0` for NUL, `\t`, `\n`, `\r`, and `\x1b`-style for the
///   rest of C0, DEL and C1. A body keeps its line breaks and tabs.
/// - Invisible formatting that can reorder or hide text is written out as `<U+202E>`: the bidi
///   controls (U+061C, U+200E–F, U+202A–E, U+2066–9), the other format characters (zero-width
///   space, word joiner, soft hyphen, BOM, tags…), the line and paragraph separators and the
///   Hangul fillers. The zero-width joiner and non-joiner (U+200C–D) stay: scripts and emoji
///   need them, and they move nothing.
/// - With `markup` (the server lists `body-markup`), `&`, `<` and `>` become entities.
///
/// ```swift
/// request.summary = NotificationText.summary("QR code: " + payload)
/// request.body = NotificationText.body(path, markup: capabilities.bodyMarkup)
/// ```
public enum NotificationText {
    /// One line for a summary or a button's label: line breaks written out too.
    public static func summary(_ text: String) -> String {
        escaped(text, keepingLineBreaks: false, markup: false)
    }

    /// A body (or a part of one): line breaks and tabs kept; markup escaped when `markup`.
    public static func body(_ text: String, markup: Bool) -> String {
        escaped(text, keepingLineBreaks: true, markup: markup)
    }

    /// `text` written out, and markup-escaped when `markup`: the written-out forms hold `<` and
    /// `>` too, so they are escaped with the rest.
    static func escaped(_ text: String, keepingLineBreaks: Bool, markup: Bool) -> String {
        guard text.unicodeScalars.contains(where: { needsWork($0, keepingLineBreaks, markup) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let shown = writtenOut(scalar, keepingLineBreaks: keepingLineBreaks)
            guard markup else {
                out += shown
                continue
            }
            for character in shown.unicodeScalars {
                switch character {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                default: out.unicodeScalars.append(character)
                }
            }
        }
        return out
    }

    private static func needsWork(_ scalar: Unicode.Scalar, _ keepingLineBreaks: Bool, _ markup: Bool) -> Bool {
        if markup, scalar == "&" || scalar == "<" || scalar == ">" { return true }
        return isControl(scalar, keepingLineBreaks: keepingLineBreaks) || isInvisible(scalar)
    }

    /// `scalar` as shown: itself, or its written-out form.
    private static func writtenOut(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> String {
        if isControl(scalar, keepingLineBreaks: keepingLineBreaks) {
            switch scalar {
            case "\0": return "\\0"
            case "\t": return "\\t"
            case "\n": return "\\n"
            case "\r": return "\\r"
            default:
                let hex = String(scalar.value, radix: 16)
                return "\\x" + (hex.count < 2 ? "0" : "") + hex
            }
        }
        if isInvisible(scalar) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
        }
        return String(scalar)
    }

    /// C0, DEL and C1; with `keepingLineBreaks`, not `\n` and `\t`.
    static func isControl(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLineBreaks
        case 0x00..<0x20, 0x7F..<0xA0: true
        default: false
        }
    }

    /// Formatting a reader does not see: every format character but the joiners, the line and
    /// paragraph separators, and the Hangul fillers (letters that draw nothing).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200C, 0x200D: return false
        case 0x2028, 0x2029, 0x115F, 0x1160, 0x3164, 0xFFA0: return true
        default: return scalar.properties.generalCategory == .format
        }
    }
}
