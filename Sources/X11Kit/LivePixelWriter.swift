import CX11
import Foundation
import LiveTextCore

/// Draws rgba8 pixels into a window of the root's visual: through a shared-memory segment
/// (`XShmPutImage`) when the server has MIT-SHM and the connection is local, with `XPutImage`
/// otherwise (or once the shared path failed).
final class LivePixelWriter {
    private let display: X11Display
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    private var shared: SharedMemoryImage?

    /// Throws `.unavailable` for a screen that is not TrueColor.
    init(display: X11Display) throws {
        self.display = display
        (visual, depth) = try ScreenCapture.rootVisual(display)
        if XShmQueryExtension(display.handle) != 0, SharedMemoryImage.isLocal(displayName: display.name) {
            shared = SharedMemoryImage(display: display, initialSize: 1 << 20)
        }
    }

    /// True while drawing goes through shared memory.
    var usesSharedMemory: Bool { shared != nil }

    /// Draws `rgba` (`area.width` × `area.height`, rows of `area.width * 4` bytes) at `area`'s
    /// origin in `drawable` with `gc`.
    func put(_ rgba: [UInt8], area: Bounds, to drawable: Drawable, gc: GC) throws {
        guard !area.isEmpty else { return }
        try rgba.withUnsafeBytes { source in
            let pixels = source.baseAddress!
            if let shared {
                do {
                    return try shared.put(drawable: drawable, gc: gc, area: area, visual: visual, depth: depth) { out, layout in
                        try XImagePixels.encode(pixels, width: area.width, height: area.height, into: out, layout: layout)
                    }
                } catch let error as LiveTextError where error.code == .failed {
                    // The segment could not grow: plain requests from now on.
                    self.shared = nil
                }
            }
            try putPlain(pixels, area: area, to: drawable, gc: gc)
        }
    }

    private func putPlain(_ pixels: UnsafeRawPointer, area: Bounds, to drawable: Drawable, gc: GC) throws {
        guard let image = XCreateImage(display.handle, visual, UInt32(depth), ZPixmap, 0, nil,
                                       UInt32(area.width), UInt32(area.height), 32, 0) else {
            throw LiveTextError(.failed, "could not create an image of \(area.width)×\(area.height)")
        }
        let size = Int(image.pointee.bytes_per_line) * area.height
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 16)
        defer {
            image.pointee.data = nil
            _ = lt_XDestroyImage(image)
            buffer.deallocate()
        }
        image.pointee.data = buffer.assumingMemoryBound(to: CChar.self)
        try XImagePixels.encode(pixels, width: area.width, height: area.height, into: buffer,
                                layout: XPixelLayout(image: image, visual: visual))
        XPutImage(display.handle, drawable, gc, image, 0, 0, Int32(area.x), Int32(area.y),
                  UInt32(area.width), UInt32(area.height))
        try display.checkAlive()
    }

    /// Detaches the shared segment (once).
    func close() {
        shared = nil
    }
}
