import Foundation
import LiveTextCore
import LiveTextEngines
import Testing
import ZBarCodes

/// The real code reader, counting how often it is asked to read.
final class CountingCodeReader: CodeReader, @unchecked Sendable {
    private let reader = ZBarCodeReader()
    private let lock = NSLock()
    private var reads = 0

    var count: Int { lock.withLock { reads } }

    func readCodes(in image: PixelImage) throws -> [MachineReadableCode] {
        lock.withLock { reads += 1 }
        return try reader.readCodes(in: image)
    }
}

@Suite("the same pixels are never read twice")
struct RecognitionCacheTests {
    /// `image` with its first byte set to `value`.
    func changing(_ image: PixelImage, firstByte value: UInt8) -> PixelImage {
        var pixels = image.pixels
        pixels[0] = value
        return PixelImage(width: image.width, height: image.height, format: image.format, pixels: pixels)
    }

    func analyzer(_ reader: CountingCodeReader, capacity: Int = 32) throws -> ImageAnalyzer {
        var engines = try ImageAnalyzer.Engines.system()
        engines.codeReader = reader
        return ImageAnalyzer(engines: engines, concurrency: 2, cacheCapacity: capacity)
    }

    @Test("a second analysis of the same pixels reads nothing and gives the same text, codes and its own source")
    func hit() async throws {
        let reader = CountingCodeReader()
        let analyzer = try analyzer(reader)
        let image = try Fixture.image("qr-url.png")
        let first = try await analyzer.analyze(image, source: "first")
        let second = try await analyzer.analyze(image, source: "second")
        #expect(reader.count == 1)
        #expect(second.codes == first.codes && second.blocks == first.blocks && second.actions == first.actions)
        #expect(second.image.source == "second")
        #expect(first.codes.first?.payload == "https://example.org/livetext?q=1")
        // The timing says which it was: the first read its codes and text, the second nothing.
        #expect(first.timing.cached == nil && first.timing.codesMs != nil && first.timing.linesMs != nil)
        #expect(second.timing.cached == true)
        #expect(second.timing.codesMs == nil && second.timing.layoutMs == nil && second.timing.linesMs == nil)
    }

    @Test("one changed pixel, other types or other languages: read again")
    func misses() async throws {
        let reader = CountingCodeReader()
        let analyzer = try analyzer(reader)
        let image = try Fixture.image("qr-url.png")
        _ = try await analyzer.analyze(image, source: "a", configuration: .init(types: [.codes]))
        let changed = changing(image, firstByte: image.pixels[0] == 0 ? 1 : 0)
        _ = try await analyzer.analyze(changed, source: "b", configuration: .init(types: [.codes]))
        #expect(reader.count == 2)
        _ = try await analyzer.analyze(image, source: "c", configuration: .init(types: [.codes, .detectors]))
        #expect(reader.count == 2)  // detectors run again on the kept codes: no new read
        _ = try await analyzer.analyze(image, source: "d", configuration: .init(types: [.codes, .text]))
        #expect(reader.count == 3)
        #expect(image.contentDigest() != changed.contentDigest())
        #expect(image.contentDigest() == (try Fixture.image("qr-url.png")).contentDigest())
    }

    @Test("the least recently used image goes first; capacity 0 keeps nothing")
    func eviction() async throws {
        let reader = CountingCodeReader()
        let analyzer = try analyzer(reader, capacity: 2)
        let base = try Fixture.image("qr-url.png")
        let images = (0..<3).map { changing(base, firstByte: UInt8($0)) }
        let codes = ImageAnalyzer.Configuration(types: [.codes])
        for image in images { _ = try await analyzer.analyze(image, source: "", configuration: codes) }
        #expect(reader.count == 3)
        _ = try await analyzer.analyze(images[2], source: "", configuration: codes)  // kept
        _ = try await analyzer.analyze(images[0], source: "", configuration: codes)  // gone
        #expect(reader.count == 4)

        let counting = CountingCodeReader()
        let uncached = try self.analyzer(counting, capacity: 0)
        _ = try await uncached.analyze(images[0], source: "", configuration: codes)
        _ = try await uncached.analyze(images[0], source: "", configuration: codes)
        #expect(counting.count == 2)
    }
}
