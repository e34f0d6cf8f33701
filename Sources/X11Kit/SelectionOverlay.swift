import CX11
import LiveTextCore

/// The fullscreen override-redirect window the user drags on.
///
/// It shows the frozen screen: an exact copy of the root (`frozen`, made server-side when the
/// overlay is created) under a light stipple of black as its background pixmap, so the server
/// repaints exposed parts by itself. The selection is drawn as the undimmed frozen pixels with an
/// outline and a "W×H" label (followed by a caption, such as a window's title, when given); moving
/// it clears only what the old one covered.
final class SelectionOverlay {
    private let display: X11Display
    let screen: Bounds
    /// The screen as it was when the overlay was created.
    private let frozenScreen: FrozenScreen
    var frozen: Pixmap { frozenScreen.pixmap }
    private var copyGC: GC? { frozenScreen.copyGC }
    private var dimmed: Pixmap = 0
    private(set) var window: Window = 0
    private var drawGC: GC?
    private var font: UnsafeMutablePointer<XFontStruct>?
    private(set) var cursor: Cursor = 0
    private var outlinePixel: UInt = 0
    private var shown: Bounds?
    private var caption: String?
    private var label: Bounds?

    /// Copies the screen into `frozen`; nothing is shown yet.
    init(display: X11Display, screen: Bounds) throws {
        self.display = display
        self.screen = screen
        frozenScreen = try FrozenScreen(display: display, area: screen)
    }

    /// Creates the dimmed background and the window, maps it above everything and waits until the
    /// server has done so.
    func show() throws {
        let handle = display.handle, width = UInt32(screen.width), height = UInt32(screen.height)
        let error = display.trapErrors {
            let depth = UInt32(lt_DefaultDepth(handle, display.screen))
            dimmed = XCreatePixmap(handle, display.root, width, height, depth)
            XCopyArea(handle, frozen, dimmed, copyGC, 0, 0, width, height, 0, 0)
            // One black pixel in four: a cheap dimming that needs no alpha blending.
            var bits: [CChar] = [0x01, 0x00]
            let stipple = XCreateBitmapFromData(handle, display.root, &bits, 2, 2)
            let dimGC = XCreateGC(handle, dimmed, 0, nil)
            XSetForeground(handle, dimGC, lt_BlackPixel(handle, display.screen))
            XSetStipple(handle, dimGC, stipple)
            XSetFillStyle(handle, dimGC, FillStippled)
            XFillRectangle(handle, dimmed, dimGC, 0, 0, width, height)
            XFreeGC(handle, dimGC)
            XFreePixmap(handle, stipple)

            cursor = XCreateFontCursor(handle, 34)  // XC_crosshair
            window = FrozenScreen.overrideRedirectWindow(
                display, area: screen, background: dimmed, cursor: cursor,
                eventMask: ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | KeyPressMask,
                name: "livetext selection")

            drawGC = XCreateGC(handle, window, 0, nil)
            XSetGraphicsExposures(handle, drawGC, 0)
            font = XLoadQueryFont(handle, "fixed")
            if let font { XSetFont(handle, drawGC, font.pointee.fid) }
            var color = XColor()
            color.red = 0x1e1e; color.green = 0x9090; color.blue = 0xffff
            outlinePixel = XAllocColor(handle, lt_DefaultColormap(handle, display.screen), &color) != 0
                ? color.pixel : lt_WhitePixel(handle, display.screen)
            XMapRaised(handle, window)
        }
        try display.checkAlive()
        if let error { throw LiveTextError(.failed, "could not show the selection overlay: \(error)") }
    }

    /// Shows `selection` (nil: none), its label followed by `caption`, in place of what was shown before.
    func draw(_ selection: Bounds?, caption: String? = nil) {
        let handle = display.handle
        if let old = shown {
            for piece in old.subtracting(selection) {
                XClearArea(handle, window, Int32(piece.x), Int32(piece.y), UInt32(piece.width), UInt32(piece.height), 0)
            }
        }
        if let old = label {
            XClearArea(handle, window, Int32(old.x), Int32(old.y), UInt32(old.width), UInt32(old.height), 0)
        }
        shown = selection
        self.caption = caption
        label = nil
        redraw()
    }

    /// Paints the current selection again (after an Expose repainted the background over it).
    func redraw() {
        guard let rect = shown, !rect.isEmpty else { return }
        let handle = display.handle
        XCopyArea(handle, frozen, window, copyGC, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height),
                  Int32(rect.x), Int32(rect.y))
        XSetForeground(handle, drawGC, outlinePixel)
        // Two pixels wide, inside the rectangle.
        for inset in 0..<min(2, (min(rect.width, rect.height) + 1) / 2) {
            XDrawRectangle(handle, window, drawGC, Int32(rect.x + inset), Int32(rect.y + inset),
                           UInt32(max(0, rect.width - 1 - 2 * inset)), UInt32(max(0, rect.height - 1 - 2 * inset)))
        }
        drawLabel(for: rect)
    }

    /// "W×H" and the caption in white on black under the bottom-right corner (above the rectangle,
    /// or inside it, when there is no room below).
    private func drawLabel(for rect: Bounds) {
        guard let font else { return }
        let handle = display.handle
        var text = "\(rect.width)×\(rect.height)"
        if let caption, !caption.isEmpty {
            text += "  " + (caption.count > Self.captionLength ? caption.prefix(Self.captionLength - 3) + "..." : caption)
        }
        let bytes = Self.latin1(text)
        let ascent = Int(font.pointee.ascent), descent = Int(font.pointee.descent), pad = 3
        let width = Int(XTextWidth(font, bytes, Int32(bytes.count))) + 2 * pad, height = ascent + descent + 2 * pad
        var y = rect.maxY + 2
        if y + height > screen.maxY { y = rect.y - height - 2 }
        if y < 0 { y = max(0, rect.maxY - height) }
        let x = min(max(0, rect.maxX - width), max(0, screen.maxX - width))
        let box = Bounds(x: x, y: y, width: width, height: height)
        XSetForeground(handle, drawGC, lt_BlackPixel(handle, display.screen))
        XFillRectangle(handle, window, drawGC, Int32(box.x), Int32(box.y), UInt32(box.width), UInt32(box.height))
        XSetForeground(handle, drawGC, lt_WhitePixel(handle, display.screen))
        XDrawString(handle, window, drawGC, Int32(box.x + pad), Int32(box.y + pad + ascent), bytes, Int32(bytes.count))
        label = box
    }

    /// Captions longer than this many characters are cut.
    static let captionLength = 60

    /// `text` in Latin-1, the encoding of the "fixed" font ("×" is 0xD7); other characters become
    /// "?", control characters spaces.
    static func latin1(_ text: String) -> [CChar] {
        text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0..<0x20, 0x7f..<0xa0: 0x20
            case 0..<0x100: CChar(bitPattern: UInt8(scalar.value))
            default: 0x3f
            }
        }
    }

    /// Frees everything on the server (once; safe on a broken display, where it does nothing).
    func destroy() {
        guard !display.isBroken, !display.isClosed else { return }
        let handle = display.handle
        display.trapErrors {
            if window != 0 { XDestroyWindow(handle, window) }
            if dimmed != 0 { XFreePixmap(handle, dimmed) }
            if cursor != 0 { XFreeCursor(handle, cursor) }
            if let drawGC { XFreeGC(handle, drawGC) }
            if let font { XFreeFont(handle, font) }
        }
        frozenScreen.free()
        window = 0; dimmed = 0; cursor = 0; drawGC = nil; font = nil
    }
}

extension Bounds {
    /// The parts of this rectangle outside `other`: up to four strips.
    func subtracting(_ other: Bounds?) -> [Bounds] {
        guard let other else { return [self] }
        let overlap = intersection(other)
        guard !overlap.isEmpty else { return [self] }
        return [Bounds(x: x, y: y, width: width, height: overlap.y - y),
                Bounds(x: x, y: overlap.maxY, width: width, height: maxY - overlap.maxY),
                Bounds(x: x, y: overlap.y, width: overlap.x - x, height: overlap.height),
                Bounds(x: overlap.maxX, y: overlap.y, width: maxX - overlap.maxX, height: overlap.height)]
            .filter { !$0.isEmpty }
    }
}
