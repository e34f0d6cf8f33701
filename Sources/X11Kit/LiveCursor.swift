import CX11
import LiveTextCore

extension LiveCursor {
    /// Its glyph in the X core cursor font.
    var fontShape: UInt32 {
        switch self {
        case .iBeam: 152  // XC_xterm
        case .hand: 60  // XC_hand2
        case .arrow: 68  // XC_left_ptr
        }
    }
}

/// The cursors a surface has made, each once, freed together.
struct LiveCursors {
    private var made: [LiveCursor: Cursor] = [:]

    mutating func cursor(_ shape: LiveCursor, on display: X11Display) -> Cursor {
        if let cursor = made[shape] { return cursor }
        let cursor = XCreateFontCursor(display.handle, shape.fontShape)
        made[shape] = cursor
        return cursor
    }

    mutating func free(on display: X11Display) {
        if !display.isBroken, !display.isClosed {
            for cursor in made.values { XFreeCursor(display.handle, cursor) }
        }
        made = [:]
    }
}
