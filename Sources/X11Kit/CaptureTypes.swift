import LiveTextCore

/// What to capture from the screen.
public enum CaptureTarget: Sendable, Hashable {
    /// The whole root window: every monitor.
    case screen
    /// One monitor, by its index in `ScreenCapture.monitors()`.
    case monitor(Int)
    /// An X window id (a client or its window manager's frame): the area inside its border, read
    /// from the screen as the user sees it (windows on top of it included), clipped to the screen.
    case window(UInt)
    /// A rectangle in root-window coordinates; clipped to the screen.
    case region(Bounds)
}

/// One monitor of the screen, in root-window coordinates.
public struct Monitor: Sendable, Hashable {
    /// The RandR monitor name (e.g. `HDMI-1`), or `Xinerama-N` / `screen` when those are the source.
    public var name: String
    public var bounds: Bounds
    public var isPrimary: Bool

    public init(name: String, bounds: Bounds, isPrimary: Bool) {
        self.name = name
        self.bounds = bounds
        self.isPrimary = isPrimary
    }
}

/// Pixels read from the screen and where they were.
public struct CapturedImage: Sendable {
    /// rgba8, `bounds.width` × `bounds.height`.
    public var image: PixelImage
    /// The captured area on the root window (after clipping to the screen).
    public var bounds: Bounds
    /// The window captured or picked, when there was one.
    public var window: UInt?

    public init(image: PixelImage, bounds: Bounds, window: UInt? = nil) {
        self.image = image
        self.bounds = bounds
        self.window = window
    }
}

extension PixelImage {
    /// The pixels inside `area` (in this image's coordinates; must lie inside it).
    public func cropped(to area: Bounds) -> PixelImage {
        if area == Bounds(x: 0, y: 0, width: width, height: height) { return self }
        if area.isEmpty { return PixelImage(width: area.width, height: area.height, format: format, pixels: []) }
        precondition(area.x >= 0 && area.y >= 0 && area.maxX <= width && area.maxY <= height, "crop outside image")
        let bpp = format.bytesPerPixel, rowBytes = area.width * bpp, srcRow = bytesPerRow
        let out = [UInt8](unsafeUninitializedCapacity: rowBytes * area.height) { buffer, count in
            pixels.withUnsafeBytes { src in
                let dst = UnsafeMutableRawBufferPointer(buffer)
                for row in 0..<area.height {
                    let from = (area.y + row) * srcRow + area.x * bpp
                    dst.baseAddress!.advanced(by: row * rowBytes)
                        .copyMemory(from: src.baseAddress!.advanced(by: from), byteCount: rowBytes)
                }
            }
            count = rowBytes * area.height
        }
        return PixelImage(width: area.width, height: area.height, format: format, pixels: out)
    }
}
