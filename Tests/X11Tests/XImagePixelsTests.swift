import LiveTextCore
import Testing
@testable import X11Kit

/// Layouts no Xvfb here produces (packed 24 bits, big-endian images, RGBX order) on hand-made bytes.
@Suite("XImage to rgba8")
struct XImagePixelsTests {
    private func convert(_ bytes: [UInt8], width: Int, height: Int, bpp: Int, bytesPerLine: Int, msb: Bool,
                         masks: (UInt32, UInt32, UInt32)) throws -> [UInt8] {
        let layout = XPixelLayout(bitsPerPixel: bpp, bytesPerLine: bytesPerLine, mostSignificantFirst: msb,
                                  redMask: masks.0, greenMask: masks.1, blueMask: masks.2)
        return try bytes.withUnsafeBytes {
            try XImagePixels.rgba(from: $0.baseAddress!, width: width, height: height, layout: layout).pixels
        }
    }

    @Test("32 bits: BGRX and RGBX, little- and big-endian, with row padding skipped")
    func thirtyTwo() throws {
        // Two pixels a row, 12 bytes a row (4 of padding), two rows.
        let rows: [UInt8] = [0x30, 0x20, 0x10, 0x00, 0x03, 0x02, 0x01, 0x00, 0xee, 0xee, 0xee, 0xee,
                             0xff, 0x80, 0x00, 0x99, 0x00, 0x00, 0xff, 0x00, 0xee, 0xee, 0xee, 0xee]
        let bgrx = try convert(rows, width: 2, height: 2, bpp: 32, bytesPerLine: 12, msb: false,
                               masks: (0xff_0000, 0xff00, 0xff))
        #expect(bgrx == [0x10, 0x20, 0x30, 255, 0x01, 0x02, 0x03, 255, 0x00, 0x80, 0xff, 255, 0xff, 0x00, 0x00, 255])
        let rgbx = try convert(rows, width: 2, height: 2, bpp: 32, bytesPerLine: 12, msb: false,
                               masks: (0xff, 0xff00, 0xff_0000))
        #expect(rgbx == [0x30, 0x20, 0x10, 255, 0x03, 0x02, 0x01, 255, 0xff, 0x80, 0x00, 255, 0x00, 0x00, 0xff, 255])
        // Big-endian: X R G B in memory.
        let big = try convert([0x00, 0x10, 0x20, 0x30], width: 1, height: 1, bpp: 32, bytesPerLine: 4, msb: true,
                              masks: (0xff_0000, 0xff00, 0xff))
        #expect(big == [0x10, 0x20, 0x30, 255])
    }

    @Test("32 bits with 10-bit channels go through the tables, rounded to 8 bits")
    func tenBit() throws {
        // r = 1023, g = 512, b = 0 in 0x3ff00000 / 0xffc00 / 0x3ff.
        let pixel: UInt32 = 1023 << 20 | 512 << 10
        let bytes = withUnsafeBytes(of: pixel.littleEndian) { Array($0) }
        let out = try convert(bytes, width: 1, height: 1, bpp: 32, bytesPerLine: 4, msb: false,
                              masks: (0x3ff0_0000, 0xffc00, 0x3ff))
        #expect(out == [255, 128, 0, 255])
    }

    @Test("24 bits packed, both byte orders")
    func twentyFour() throws {
        let little = try convert([0x30, 0x20, 0x10, 0x03, 0x02, 0x01, 0, 0], width: 2, height: 1, bpp: 24,
                                 bytesPerLine: 8, msb: false, masks: (0xff_0000, 0xff00, 0xff))
        #expect(little == [0x10, 0x20, 0x30, 255, 0x01, 0x02, 0x03, 255])
        let big = try convert([0x10, 0x20, 0x30], width: 1, height: 1, bpp: 24, bytesPerLine: 3, msb: true,
                              masks: (0xff_0000, 0xff00, 0xff))
        #expect(big == [0x10, 0x20, 0x30, 255])
    }

    @Test("16 bits RGB565: extremes exact, middles spread over 0...255; big-endian too")
    func sixteen() throws {
        let values: [UInt16] = [0xffff, 0x0000, 0xf800, 0x07e0, 0x001f, 0x8410]
        let little = values.flatMap { v in [UInt8(v & 0xff), UInt8(v >> 8)] }
        let big = values.flatMap { v in [UInt8(v >> 8), UInt8(v & 0xff)] }
        let expected: [UInt8] = [255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
                                 132, 130, 132, 255]  // 16/31, 32/63, 16/31
        for (bytes, msb) in [(little, false), (big, true)] {
            let out = try convert(bytes, width: values.count, height: 1, bpp: 16, bytesPerLine: 2 * values.count,
                                  msb: msb, masks: (0xf800, 0x7e0, 0x1f))
            #expect(out == expected)
        }
    }

    @Test("8 bits a pixel (TrueColor 3-3-2) through the same table")
    func eight() throws {
        // 0b111_000_00 red, 0b000_111_00 green, 0b000_000_11 blue, 0b100_100_10 a grey-ish.
        let out = try convert([0xe0, 0x1c, 0x03, 0x92, 0xff, 0xaa], width: 3, height: 2, bpp: 8, bytesPerLine: 3, msb: false,
                              masks: (0xe0, 0x1c, 0x03))
        #expect(out == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
                        146, 146, 170, 255, 255, 255, 255, 255, 182, 73, 170, 255])
    }

    @Test("a colormapped depth or a broken mask is refused with a message, not garbage")
    func refused() {
        #expect(throws: LiveTextError.self) {
            _ = try convert([0, 0], width: 1, height: 1, bpp: 16, bytesPerLine: 2, msb: false, masks: (0, 0, 0))
        }
        #expect(throws: LiveTextError.self) {
            _ = try convert([0, 0], width: 1, height: 1, bpp: 16, bytesPerLine: 2, msb: false, masks: (0xf0f0, 0x0f00, 0x000f))
        }
        #expect(throws: LiveTextError.self) {
            _ = try convert([0, 0, 0, 0], width: 2, height: 1, bpp: 4, bytesPerLine: 1, msb: false, masks: (4, 2, 1))
        }
    }

    @Test("only local display names use shared memory")
    func localNames() {
        #expect(SharedMemoryImage.isLocal(displayName: ":0"))
        #expect(SharedMemoryImage.isLocal(displayName: ":1.0"))
        #expect(SharedMemoryImage.isLocal(displayName: "unix:0"))
        #expect(SharedMemoryImage.isLocal(displayName: "/tmp/launch-abc/org.xquartz:0"))
        #expect(!SharedMemoryImage.isLocal(displayName: "localhost:10.0"))
        #expect(!SharedMemoryImage.isLocal(displayName: "remote.example:0"))
    }
}
