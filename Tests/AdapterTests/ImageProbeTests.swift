import Foundation
import Testing
import LiveTextCore
import LiveTextEngines

/// The probe: what a file is and what decoding it costs, from its bytes alone. Bombs are refused
/// here, before any decoder sees them: a private pool of workers shows that none was started.
@Suite("image probing before any decode")
struct ImageProbeTests {
    @Test("every fixture's size, frames and cost are read from its header", arguments: [
        ("sample.png", "PNG"), ("sample.jpg", "JPEG"), ("sample.gif", "GIF"), ("sample.bmp", "BMP"),
        ("sample.tif", "TIFF"), ("sample.ppm", "PNM"), ("sample.pgm", "PNM"), ("sample.pbm", "PNM"),
        ("sample.webp", "WebP"), ("sample-rgba.png", "PNG"),
    ])
    func fixtures(name: String, format: String) throws {
        let data = try Fixture.data(name)
        let probe = try ImageInput().probe(data)
        #expect(probe.format == format)
        #expect(probe.width == 160 && probe.height == 64 && probe.frames == 1)
        // At least the RGBA handed out and a copy of the encoded bytes; at most a few such images.
        #expect(probe.decodedBytes >= probe.pixelBytes + data.count)
        #expect(probe.decodedBytes <= 4 * probe.pixelBytes + data.count)
    }

    // Issue 25, row 6: the header check decoded every frame first (2.6 GB, 10 s of CPU).
    @Test("a GIF whose frames claim 46000×46000 on a 100×100 screen is refused, naming the frame, with no decode")
    func gifFrameBomb() async throws {
        let frames = [ImageBombs.Frame(width: 10, height: 10)]
            + Array(repeating: ImageBombs.Frame(width: 46_000, height: 46_000), count: 3)
        let gif = ImageBombs.gif(frames: frames, pixels: false)
        await Self.expectRefusedBeforeDecoding(gif, .tooLarge, saying: "frame 2 of the GIF image is 46000×46000")
    }

    // Row 6 as bench/abuse.py sends it: the first frame, the one decoded, far larger than its screen.
    @Test("a GIF frame larger than its logical screen is refused before decoding, naming both")
    func gifFrameOverScreen() async throws {
        let gif = ImageBombs.gif(screen: (16, 16), frames: Array(repeating: ImageBombs.Frame(width: 10_000, height: 10_000),
                                                                 count: 10), pixels: false)
        await Self.expectRefusedBeforeDecoding(gif, .invalidImage, saying: "frame 1 of the GIF image (10000×10000 at 0,0) "
                                               + "lies outside its 16×16 screen")
    }

    @Test("a GIF frame placed far off its screen counts where it lies")
    func gifFrameOffScreen() {
        let gif = ImageBombs.gif(frames: [ImageBombs.Frame(width: 10, height: 10),
                                          ImageBombs.Frame(left: 65_000, top: 65_000, width: 100, height: 100)], pixels: false)
        #expect(throws: LiveTextError.self) { _ = try ImageInput(limits: ImageLimits(maxPixels: 1_000_000)).probe(gif) }
    }

    // Row 6 too: ten frames of 10000² (394 KB) were accepted at 1.0 GB, every frame held at once.
    @Test("an animated GIF costs its first frame only: the decoder is given no other")
    func gifFramesCostOne() throws {
        let frame = ImageBombs.Frame(width: 2500, height: 2500)
        let one = try ImageInput().probe(ImageBombs.gif(screen: (2500, 2500), frames: [frame], pixels: true))
        let forty = try ImageInput().probe(ImageBombs.gif(screen: (2500, 2500), frames: Array(repeating: frame, count: 40),
                                                          pixels: true))
        #expect(forty.frames == 40 && forty.width == 2500)
        #expect(forty.decodedBytes - one.decodedBytes < 40 * 6_250_000 / 10, "\(forty.decodedBytes) vs \(one.decodedBytes)")
    }

    @Test("a GIF of more than 10,000 frames is refused before decoding")
    func gifFrameCount() async {
        let gif = ImageBombs.gif(frames: Array(repeating: ImageBombs.Frame(width: 4, height: 4), count: 10_001), pixels: false)
        await expectError(.invalidImage) { _ = try ImageInput().probe(gif) }
    }

    // Row 7: a progressive JPEG of many identical scans took 30 s of CPU and was accepted.
    @Test("a progressive JPEG of more than 100 scans is refused, saying so, with no decode")
    func jpegScanBomb() async throws {
        let jpeg = ImageBombs.progressiveJPEG(width: 4000, height: 4000, acScans: 500)
        await Self.expectRefusedBeforeDecoding(jpeg, .invalidImage, saying: "more than 100 scans")
    }

    @Test("a progressive JPEG within the scan limit is probed with libjpeg's coefficient buffer")
    func jpegCoefficients() throws {
        let probe = try ImageInput().probe(ImageBombs.progressiveJPEG(width: 1000, height: 1000, acScans: 9))
        #expect(probe.width == 1000 && probe.height == 1000)
        // 2 bytes a coefficient, 64 a block: twice the pixels, beside the 8-bit grey image and the RGBA.
        #expect(probe.decodedBytes >= 2_000_000 + 1_000_000)
    }

    @Test("a TIFF whose second page is over the limit is refused, naming the page")
    func tiffPages() async throws {
        let tiff = ImageBombs.tiff(pages: [(16, 16), (50_000, 50_000)], stripBytes: 256)
        await Self.expectRefusedBeforeDecoding(tiff, .tooLarge, saying: "page 2 of the TIFF image is 50000×50000")
        let pages = try ImageInput().probe(ImageBombs.tiff(pages: Array(repeating: (16, 16), count: 300), stripBytes: 256))
        #expect(pages.frames == 300)
    }

    @Test("a TIFF whose directories loop is refused")
    func tiffLoop() async {
        await expectError(.invalidImage) {
            _ = try ImageInput().probe(ImageBombs.tiff(pages: [(16, 16), (16, 16)], stripBytes: 256, loop: true))
        }
    }

    @Test("an animated WebP whose frame is over the limit is refused, naming the frame")
    func webpFrames() async {
        let webp = ImageBombs.animatedWebP(frames: [ImageBombs.Frame(width: 50, height: 50),
                                                    ImageBombs.Frame(width: 16_000, height: 16_000)])
        await Self.expectRefusedBeforeDecoding(webp, .tooLarge, saying: "frame 2 of the WebP image is 16000×16000")
    }

    // Row 11: what a decode holds is what the daemon must count, not the encoded bytes.
    @Test("a 10000×10000 PNG of a few hundred KB is probed at what decoding it holds")
    func pngCost() throws {
        let probe = try ImageInput().probe(ImageDecoderTests.pngHeader(width: 10_000, height: 10_000))
        #expect(probe.pixelBytes == 400_000_000)
        // libpng's RGB rows (300 MB) beside leptonica's 32-bit image (400 MB).
        #expect(probe.decodedBytes >= 700_000_000)
    }

    @Test("a JPEG 2000 codestream is probed from its SIZ segment, its tiles counted")
    func jp2() async {
        func codestream(width: Int, height: Int, tile: Int) -> Data {
            let be32 = { (v: Int) in [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
            let siz = [0x00, 0x00] + be32(width) + be32(height) + be32(0) + be32(0) + be32(tile) + be32(tile)
                + be32(0) + be32(0) + [0, 1, 7, 1, 1]
            return Data([0xFF, 0x4F, 0xFF, 0x51] + ImageBombs.be16(siz.count + 2) + siz)
        }
        #expect((try? ImageInput().probe(codestream(width: 640, height: 480, tile: 640)))?.width == 640)
        await expectError(.invalidImage) { _ = try ImageInput().probe(codestream(width: 9000, height: 9000, tile: 8)) }
    }

    /// Refused by a decode as `code`, with `words` in the message, and no worker ever started.
    static func expectRefusedBeforeDecoding(_ data: Data, _ code: LiveTextError.Code, saying words: String,
                                            sourceLocation: SourceLocation = #_sourceLocation) async {
        let workers = DecodeWorkers()
        do {
            _ = try await ImageInput(workers: workers).decode(data)
            Issue.record("decoded", sourceLocation: sourceLocation)
        } catch let error as LiveTextError {
            #expect(error.code == code, sourceLocation: sourceLocation)
            #expect(error.message.contains(words), "\(error.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
        #expect(workers.processIDs.isEmpty, sourceLocation: sourceLocation)
    }
}
