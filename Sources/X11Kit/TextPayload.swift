import LiveTextCore
import CX11
import Foundation

/// The copied text in each encoding one of the served targets asks for, made once per copy.
struct TextPayload {
    /// UTF8_STRING and `text/plain;charset=utf-8`.
    let utf8: Data
    /// STRING (ICCCM: ISO Latin-1); characters outside Latin-1 become '?'.
    let latin1: Data
    /// `text/plain`: US-ASCII, what a MIME text/plain without a charset means (RFC 2046) and what
    /// GTK serves under it; characters outside ASCII become '?'. Programs that want the exact text
    /// ask for UTF8_STRING or `text/plain;charset=utf-8`, which we also serve.
    let ascii: Data
    /// Whether STRING carries the text unchanged (then TEXT is answered as STRING).
    let fitsLatin1: Bool
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
        fitsLatin1 = scalars.allSatisfy { $0.value < 0x100 }
    }
}

/// The atoms a selection owner works with, interned in one round trip.
struct SelectionAtoms {
    let targets, timestamp, multiple, saveTargets, utf8String, textPlainUTF8, textPlain, string, text, textHTML: Atom
    let incr, atom, atomPair, integer, null, clipboardManager, clipboard, primary: Atom
    /// Our own properties: the timestamp probe and the SAVE_TARGETS list for a clipboard manager.
    let timestampProbe, saveTargetsList: Atom

    init(_ display: X11Display) {
        let names = ["TARGETS", "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS", "UTF8_STRING", "text/plain;charset=utf-8",
                     "text/plain", "STRING", "TEXT", "INCR", "ATOM", "ATOM_PAIR", "INTEGER", "NULL",
                     "CLIPBOARD_MANAGER", "CLIPBOARD", "PRIMARY", "LIVETEXT_TIMESTAMP_PROBE", "LIVETEXT_SAVE_TARGETS",
                     "text/html"]
        var cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var atoms = [Atom](repeating: 0, count: names.count)
        _ = XInternAtoms(display.handle, &cNames, Int32(names.count), 0, &atoms)
        (targets, timestamp, multiple, saveTargets, utf8String) = (atoms[0], atoms[1], atoms[2], atoms[3], atoms[4])
        (textPlainUTF8, textPlain, string, text, incr) = (atoms[5], atoms[6], atoms[7], atoms[8], atoms[9])
        (atom, atomPair, integer, null, clipboardManager) = (atoms[10], atoms[11], atoms[12], atoms[13], atoms[14])
        (clipboard, primary, timestampProbe, saveTargetsList, textHTML) = (atoms[15], atoms[16], atoms[17], atoms[18], atoms[19])
    }

    /// What we answer TARGETS with for `payload`, most specific text form first (`text/html` first
    /// of all when it has HTML: what a spreadsheet or editor pastes by choice).
    func served(_ payload: TextPayload) -> [Atom] {
        [targets, timestamp, multiple, saveTargets] + savable(payload)
    }

    /// The data targets a clipboard manager should keep for `payload` (no side-effect or meta targets).
    func savable(_ payload: TextPayload) -> [Atom] {
        (payload.html == nil ? [] : [textHTML]) + [utf8String, textPlainUTF8, textPlain, string, text]
    }

    func selection(_ name: SelectionName) -> Atom {
        name == .clipboard ? clipboard : primary
    }
}
