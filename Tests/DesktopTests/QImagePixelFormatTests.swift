import DBusKit
@testable import DesktopPortals
import LiveTextCore
import Testing

/// The pixels KWin's ScreenShot2 writes, as `QImage` formats, turned into rgba8; and its reply
/// checked before any byte is read.
@Suite("QImage formats and ScreenShot2's reply")
struct QImagePixelFormatTests {
    /// One pixel of colour (90, 160, 30) at alpha 128 (premultiplied: 45, 80, 15) and one opaque
    /// (10, 20, 30), in each format's bytes; over white the first becomes (172, 207, 142).
    @Test("each format KWin 5.27 may send, translucent pixels over white", arguments: [
        (UInt32(5), [30, 160, 90, 128, 30, 20, 10, 255]),    // ARGB32: B, G, R, A
        (UInt32(6), [15, 80, 45, 128, 30, 20, 10, 255]),     // ARGB32_Premultiplied
        (UInt32(17), [90, 160, 30, 128, 10, 20, 30, 255]),   // RGBA8888
        (UInt32(18), [45, 80, 15, 128, 10, 20, 30, 255]),    // RGBA8888_Premultiplied
    ] as [(UInt32, [UInt8])])
    func translucent(format: UInt32, bytes: [UInt8]) throws {
        let pixelFormat = try #require(QImagePixelFormat(number: format))
        let image = try pixelFormat.image(from: bytes, width: 2, height: 1, stride: 8)
        let (first, second) = (Array(image.pixels[0..<4]), Array(image.pixels[4..<8]))
        #expect(zip(first, [172, 207, 142, 255] as [UInt8]).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(first)")
        #expect(second == [10, 20, 30, 255])
    }

    @Test("formats without alpha ignore their fourth byte", arguments: [
        (UInt32(4), [30, 20, 10, 0]),    // RGB32: B, G, R, x
        (UInt32(16), [10, 20, 30, 0]),   // RGBX8888
    ] as [(UInt32, [UInt8])])
    func opaque(format: UInt32, bytes: [UInt8]) throws {
        let image = try #require(QImagePixelFormat(number: format)).image(from: bytes, width: 1, height: 1, stride: 4)
        #expect(image.pixels == [10, 20, 30, 255])
    }

    @Test("a stride past the row's pixels is skipped")
    func strideSkipped() throws {
        let rows: [UInt8] = [1, 2, 3, 255, 9, 9, 9, 9, 4, 5, 6, 255, 9, 9, 9, 9]
        let image = try #require(QImagePixelFormat(number: 17)).image(from: rows, width: 1, height: 2, stride: 8)
        #expect(image.pixels == [1, 2, 3, 255, 4, 5, 6, 255])
    }

    @Test("other formats are refused by name: 16-bit, indexed, 30-bit", arguments: [UInt32(3), 7, 13, 19, 24, 0, 99])
    func refused(format: UInt32) {
        #expect(QImagePixelFormat(number: format) == nil)
        #expect(throws: LiveTextError.self) { try ScreenShot2Reply(Self.reply(format: format)) }
    }

    @Test("a reply KWin 5.27 sends is read: size, stride, format")
    func reply() throws {
        let reply = try ScreenShot2Reply(Self.reply())
        #expect(reply.width == 1280 && reply.height == 800 && reply.stride == 5120 && reply.byteCount == 4_096_000)
        #expect(reply.format.name == "ARGB32_Premultiplied" && reply.format.premultiplied)
    }

    @Test("a reply that would size a wrong read is refused before any byte", arguments: [
        ["stride": DBusValue.uint32(100)], ["stride": .uint32(1_000_000)], ["width": .uint32(0)],
        ["height": .uint32(200_000)], ["type": .string("png")], ["width": .int32(1280)],
    ])
    func badReply(change: [String: DBusValue]) {
        #expect(throws: LiveTextError.self) { try ScreenShot2Reply(Self.reply(changing: change)) }
    }

    /// What KWin 5.27 answers for a 1280×800 workspace (read from a headless kwin).
    static func reply(format: UInt32 = 6, changing change: [String: DBusValue] = [:]) -> [DBusValue] {
        let results: [String: DBusValue] = ["type": .string("raw"), "width": .uint32(1280), "height": .uint32(800),
                                            "stride": .uint32(5120), "format": .uint32(format), "scale": .double(1)]
        return [.vardict(results.merging(change) { $1 })]
    }
}
