import Foundation
import Testing
import TestSupport
import LiveTextCore
import LiveTextEngines

@Suite("image decoding through leptonica")
struct ImageDecoderTests {
    @Test("every supported container decodes to the same size", arguments: [
        "sample.png", "sample.jpg", "sample.gif", "sample.bmp", "sample.tif", "sample.ppm", "sample.pgm",
        "sample.pbm", "sample.webp",
    ])
    func formats(name: String) async throws {
        let image = try await ImageInput().decode(Fixture.data(name))
        #expect(image.width == 160 && image.height == 64)
        #expect(image.format == .rgba8)
        // Text is there: some dark pixels, mostly white.
        let gray = image.luminance().pixels
        #expect(gray.filter { $0 < 80 }.count > 50)
        #expect(gray.filter { $0 > 200 }.count > gray.count / 2)
    }

    @Test("transparent pixels are composited over white")
    func alpha() throws {
        let image = try Fixture.image("sample-rgba.png")
        #expect(Array(image.pixels[0..<4]) == [255, 255, 255, 255])
    }

    @Test("cut, damaged and foreign inputs are invalid images, never a crash", arguments: [
        ("empty", Data()),
        ("text", Data("hello, not an image\n".utf8)),
        ("png signature only", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])),
        ("jpeg magic only", Data([0xFF, 0xD8, 0xFF, 0xE0])),
        ("zeros", Data(count: 4096)),
    ])
    func invalid(label: String, data: Data) async {
        await expectError(.invalidImage) { _ = try await ImageInput().decode(data) }
    }

    @Test("truncated files of every format are invalid images", arguments: [
        "sample.png", "sample.jpg", "sample.gif", "sample.bmp", "sample.tif", "sample.ppm", "sample.webp",
    ])
    func truncated(name: String) async throws {
        let data = try Fixture.data(name)
        for fraction in [0.3, 0.6, 0.9] {
            let cut = data.prefix(Int(Double(data.count) * fraction))
            await expectError(.invalidImage) { _ = try await ImageInput().decode(cut) }
        }
    }

    // Some tools append a trailer after IEND (a signature, a second image's bytes); decoders
    // ignore it. Beyond 4 KiB of it, a search for IEND near the end called the PNG truncated.
    @Test("a PNG followed by trailing bytes decodes; one cut before IEND does not", arguments: [1, 4095, 100_000])
    func trailingBytes(count: Int) async throws {
        let png = try Fixture.data("sample.png")
        let image = try await ImageInput().decode(png + Data(repeating: 0x41, count: count))
        #expect(image.width == 160 && image.height == 64)
        await expectError(.invalidImage) { _ = try await ImageInput().decode(png.dropLast(12) + Data(repeating: 0x41, count: count)) }
    }

    @Test("a header claiming 40000×40000 pixels is refused before decoding")
    func tooLarge() async throws {
        await expectError(.tooLarge) { _ = try await ImageInput().decode(Self.pngHeader(width: 40_000, height: 40_000)) }
        await expectError(.tooLarge) {
            _ = try await ImageInput(limits: ImageLimits(maxPixels: 1000)).decode(try Fixture.data("sample.png"))
        }
    }

    @Test("a 1×1 image is refused as too small")
    func tiny() async {
        await expectError(.invalidImage) { _ = try await ImageInput().decode(Self.pngHeader(width: 1, height: 1)) }
    }

    @Test("thousands of mutated files fail cleanly or decode, and never crash")
    func fuzz() async throws {
        var generator = SplitMix(seed: 0x11FE7E47)
        let seeds = try ["sample.png", "sample.jpg", "sample.gif", "sample.bmp", "sample.tif", "sample.pgm", "sample.webp"]
            .map { try Fixture.data($0) }
        var decoded = 0, refused = 0
        for round in 0..<2100 {
            var bytes = [UInt8](seeds[round % seeds.count])
            switch generator.next() % 4 {
            case 0: // flip bits
                for _ in 0..<(1 + generator.next() % 8) {
                    bytes[Int(generator.next() % UInt64(bytes.count))] ^= UInt8(1 << (generator.next() % 8))
                }
            case 1: // interesting bytes in the header
                for _ in 0..<(1 + generator.next() % 4) {
                    let i = Int(generator.next() % UInt64(min(64, bytes.count)))
                    bytes[i] = [0x00, 0xFF, 0x7F, 0x80][Int(generator.next() % 4)]
                }
            case 2: // truncate
                bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
            default: // overwrite a run with noise
                let start = Int(generator.next() % UInt64(bytes.count))
                for i in start..<min(bytes.count, start + 32) { bytes[i] = UInt8(truncatingIfNeeded: generator.next()) }
            }
            do {
                let image = try await ImageInput().decode(Data(bytes))
                #expect(image.pixels.count == image.width * image.height * 4)
                decoded += 1
            } catch is LiveTextError {
                refused += 1
            }
        }
        #expect(decoded + refused == 2100)
        #expect(refused > 0)
    }

    /// A PNG with only a header (IHDR) and IEND: enough for the size check to see it.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be(UInt32(body.count)) + typed + be(crc32(typed))
        }
        let ihdr = be(width) + be(height) + [8, 2, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IEND", []))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }
}

func expectError(_ code: LiveTextError.Code, sourceLocation: SourceLocation = #_sourceLocation,
                 _ body: () async throws -> Void) async {
    do {
        try await body()
        Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
    } catch let error as LiveTextError {
        #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
        #expect(!error.message.isEmpty && !error.message.contains("\n"), sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected LiveTextError.\(code), got \(error)", sourceLocation: sourceLocation)
    }
}
