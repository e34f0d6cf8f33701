import DBusKit
import LiveTextCore

/// What KWin's ScreenShot2 says about the pixels it writes into the pipe: its reply's `a{sv}`
/// with `type` "raw", `width`, `height`, `stride` and `format` (a `QImage::Format` number), each
/// a `u`. Checked before a byte is read, so a wrong reply never sizes a buffer.
struct ScreenShot2Reply: Sendable, Hashable {
    let width: Int
    let height: Int
    let stride: Int
    let format: QImagePixelFormat

    /// The bytes the pipe carries: `stride` × `height`.
    var byteCount: Int { stride * height }

    init(_ reply: [DBusValue], limits: ImageLimits = ImageLimits()) throws {
        guard let results = reply.first?.vardict else {
            throw Self.malformed("its reply is \(reply), not a dictionary of results")
        }
        let type = results["type"]?.string ?? "raw"
        guard type == "raw" else {
            throw Self.malformed("it sent an image of type '\(type)'; livetext reads only 'raw' pixels")
        }
        func number(_ key: String) throws -> Int {
            guard let value = results[key]?.uint32 else {
                throw Self.malformed("its reply has no '\(key)' (u): \(results.keys.sorted())")
            }
            return Int(value)
        }
        width = try number("width")
        height = try number("height")
        stride = try number("stride")
        let formatNumber = try number("format")
        guard let format = QImagePixelFormat(number: UInt32(formatNumber)) else {
            throw LiveTextError(.failed, "KWin's ScreenShot2 sent pixels in QImage format \(formatNumber), which "
                                + "livetext does not read (it reads \(QImagePixelFormat.readable))")
        }
        self.format = format
        try limits.check(width: width, height: height)
        // A row holds the pixels and at most a little alignment: a stride far past them would
        // have a small image ask for a huge read.
        guard stride >= width * 4, stride <= width * 4 + 256 else {
            throw Self.malformed("its stride of \(stride) bytes does not fit rows of \(width) pixels")
        }
    }

    private static func malformed(_ detail: String) -> LiveTextError {
        LiveTextError(.failed, "KWin's ScreenShot2 answered in a way livetext does not understand: \(detail)")
    }
}
