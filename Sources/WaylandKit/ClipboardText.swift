import Foundation
import LiveTextCore

/// The copied text in each encoding one of the offered MIME types asks for, made once per copy.
/// The same bytes X11Kit's owner serves for the same names (`TextPayload`), so that a paste
/// gives the same text through X and through Wayland.
struct ClipboardText: Sendable {
    /// The MIME types a source offers for plain text, most specific first.
    static let textTypes = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "STRING", "TEXT"]

    /// The MIME types this copy's source offers: `text/html` first when it has HTML, then the text's.
    var offeredTypes: [String] { (html == nil ? [] : ["text/html"]) + Self.textTypes }

    /// `text/plain;charset=utf-8` and UTF8_STRING.
    let utf8: Data
    /// STRING (ICCCM: ISO Latin-1); characters outside Latin-1 become '?'.
    let latin1: Data
    /// `text/plain`: US-ASCII, what a MIME text/plain without a charset means (RFC 2046);
    /// characters outside ASCII become '?'. Programs that want the exact text ask for
    /// `text/plain;charset=utf-8`, which we offer first.
    let ascii: Data
    /// `text/html` (UTF-8), for a copy that has it.
    let html: Data?

    init(_ content: ClipboardContent) {
        let text = content.plain
        html = content.html.map { Data($0.utf8) }
        utf8 = Data(text.utf8)
        // Composed first, so that "e" + combining acute becomes the one Latin-1 "é".
        let scalars = text.precomposedStringWithCanonicalMapping.unicodeScalars
        let question = UInt8(ascii: "?")
        latin1 = Data(scalars.map { $0.value < 0x100 ? UInt8($0.value) : question })
        ascii = Data(scalars.map { $0.value < 0x80 ? UInt8($0.value) : question })
    }

    /// The bytes for `type`; nil for a type we never offered.
    func bytes(for type: String) -> Data? {
        switch type {
        // X11's TEXT lets the owner choose and say which encoding it chose; a Wayland transfer
        // has no room to say it, and every Wayland program that asks for TEXT reads UTF-8.
        case "text/plain;charset=utf-8", "UTF8_STRING", "TEXT": utf8
        case "text/plain": ascii
        case "STRING": latin1
        case "text/html": html
        default: nil
        }
    }
}
