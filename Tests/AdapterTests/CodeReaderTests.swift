import Testing
import LiveTextCore
@testable import ZBarCodes

/// ZBar through ``ZBarCodeReader``: codes either way round, and the dark parts it scans inverted.
@Suite("codes, dark and light")
struct CodeReaderTests {
    private let payload = "https://example.org/livetext?q=1"

    /// qr-url.png (qrencode -s 3 -m 4: 111×111, the symbol 12 px in), as gray.
    private func qr() throws -> PixelImage { try Fixture.image("qr-url.png").luminance() }

    /// A gray page with `qr` pasted at each origin, inverted where asked.
    private func page(width: Int, height: Int, ground: UInt8, panels: [(Bounds, UInt8)] = [],
                      codes: [(x: Int, y: Int, inverted: Bool)]) throws -> PixelImage {
        let code = try qr()
        var pixels = [UInt8](repeating: ground, count: width * height)
        for (panel, shade) in panels {
            for y in panel.y..<(panel.y + panel.height) {
                for x in panel.x..<(panel.x + panel.width) { pixels[y * width + x] = shade }
            }
        }
        for placed in codes {
            for y in 0..<code.height {
                for x in 0..<code.width {
                    let value = code.pixels[y * code.width + x]
                    pixels[(placed.y + y) * width + placed.x + x] = placed.inverted ? 255 - value : value
                }
            }
        }
        return PixelImage(width: width, height: height, format: .gray8, pixels: pixels)
    }

    @Test("a light page has nothing to scan inverted; a dark one is scanned whole")
    func lightAndDarkPages() throws {
        // Light, with dark "text": every fourth row of every other 8-pixel run is black.
        var text = [UInt8](repeating: 250, count: 640 * 480)
        for y in stride(from: 0, to: 480, by: 4) {
            for x in 0..<640 where (x / 8) % 2 == 0 { text[y * 640 + x] = 0 }
        }
        #expect(DarkRegions.regions(in: PixelImage(width: 640, height: 480, format: .gray8, pixels: text)).isEmpty)
        let dark = PixelImage(width: 640, height: 480, gray: 30)
        #expect(DarkRegions.regions(in: dark) == [Bounds(x: 0, y: 0, width: 640, height: 480)])
    }

    @Test("a dark panel on a light page is scanned inverted, and only it")
    func darkPanel() throws {
        let panel = Bounds(x: 400, y: 48, width: 200, height: 200)
        let image = try page(width: 800, height: 400, ground: 245, panels: [(panel, 30)],
                             codes: [(x: 444, y: 92, inverted: true)])
        let regions = DarkRegions.regions(in: image)
        #expect(regions.count == 1)
        let region = try #require(regions.first)
        // The panel, grown by at most a tile on each side.
        #expect(region.x <= panel.x && region.y <= panel.y)
        #expect(region.x + region.width >= panel.x + panel.width && region.y + region.height >= panel.y + panel.height)
        #expect(region.width * region.height <= (panel.width + 32) * (panel.height + 32))
    }

    @Test("a dark-on-light code and a light-on-dark one on the same page are both read, where they are")
    func bothWays() throws {
        let image = try page(width: 800, height: 400, ground: 245,
                             panels: [(Bounds(x: 400, y: 48, width: 200, height: 200), 30)],
                             codes: [(x: 40, y: 40, inverted: false), (x: 444, y: 92, inverted: true)])
        let codes = try ZBarCodeReader().readCodes(in: image)
        #expect(codes.map(\.payload) == [payload, payload])
        // Sorted top to bottom; each symbol starts 12 px into its pasted image.
        try #require(codes.count == 2)
        #expect(abs(codes[0].bounds.x - 52) <= 2 && abs(codes[0].bounds.y - 52) <= 2)
        #expect(abs(codes[1].bounds.x - 456) <= 2 && abs(codes[1].bounds.y - 104) <= 2)
    }

    @Test("an inverted code on a whole dark page is read once")
    func darkPage() throws {
        let image = try page(width: 400, height: 300, ground: 25, codes: [(x: 100, y: 80, inverted: true)])
        let codes = try ZBarCodeReader().readCodes(in: image)
        #expect(codes.map(\.payload) == [payload])
        #expect(abs(codes[0].bounds.x - 112) <= 1 && abs(codes[0].bounds.y - 92) <= 1)
    }

    /// EAN-13 4006381333931 with 2-pixel modules and 11-module quiet zones (234 px wide), its
    /// bars `barHeight` rows high from row `top`, on a white image `height` rows high.
    private func ean13(barHeight: Int, top: Int, height: Int) -> PixelImage {
        let digits = "4006381333931".map { Int(String($0))! }
        let left = ["0001101", "0011001", "0010011", "0111101", "0100011",
                    "0110001", "0101111", "0111011", "0110111", "0001011"]
        let right = left.map { String($0.map { $0 == "0" ? "1" : "0" }) }
        let even = right.map { String($0.reversed()) }
        let parity = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLL", "LGLGGL", "LGGLGL"]
        var modules = "101"
        for (digit, kind) in zip(digits[1...6], parity[digits[0]]) { modules += kind == "L" ? left[digit] : even[digit] }
        modules += "01010"
        for digit in digits[7...12] { modules += right[digit] }
        modules += "101"
        let width = (modules.count + 22) * 2
        var pixels = [UInt8](repeating: 255, count: width * height)
        for (index, module) in modules.enumerated() where module == "1" {
            for y in top..<(top + barHeight) {
                for x in 0..<2 { pixels[y * width + (11 + index) * 2 + x] = 0 }
            }
        }
        return PixelImage(width: width, height: height, format: .gray8, pixels: pixels)
    }

    /// `image` turned a quarter, its rows becoming columns.
    private func turned(_ image: PixelImage) -> PixelImage {
        var pixels = [UInt8](repeating: 0, count: image.pixels.count)
        for y in 0..<image.height {
            for x in 0..<image.width { pixels[x * image.height + y] = image.pixels[y * image.width + x] }
        }
        return PixelImage(width: image.height, height: image.width, format: .gray8, pixels: pixels)
    }

    @Test("bar codes 6 px high are read wherever they sit among the lines scanned, and turned")
    func lowBarCodes() throws {
        for top in 20..<(20 + Int(ZBarDecoders.linearDensity)) {
            let image = ean13(barHeight: 6, top: top, height: 48)
            #expect(try ZBarCodeReader().readCodes(in: image).map(\.payload) == ["4006381333931"], "top \(top)")
            #expect(try ZBarCodeReader().readCodes(in: turned(image)).map(\.payload) == ["4006381333931"], "top \(top), turned")
        }
    }

    @Test("an EAN read on a single line is not trusted (ZBar's guard against false reads)")
    func singleLineEAN() throws {
        // 1 px high: one line of the scan crosses it, whichever row it is on.
        for top in 20..<(20 + Int(ZBarDecoders.linearDensity)) {
            #expect(try ZBarCodeReader().readCodes(in: ean13(barHeight: 1, top: top, height: 48)).isEmpty)
        }
        #expect(try ZBarCodeReader().readCodes(in: ean13(barHeight: 20, top: 20, height: 60)).count == 1)
    }

    @Test("images of a pixel or a tile's edge are no trouble")
    func tinyImages() throws {
        for (w, h) in [(1, 1), (1, 17), (17, 1), (16, 16), (33, 15)] {
            let dark = PixelImage(width: w, height: h, gray: 0)
            #expect(DarkRegions.regions(in: dark) == [Bounds(x: 0, y: 0, width: w, height: h)])
            #expect(try ZBarCodeReader().readCodes(in: dark).isEmpty)
            #expect(DarkRegions.regions(in: PixelImage(width: w, height: h, gray: 255)).isEmpty)
        }
    }
}
