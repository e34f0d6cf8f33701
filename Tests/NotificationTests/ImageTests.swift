import DBusKit
import LiveTextCore
import LiveTextNotifications
import Testing

@Suite("notification images and requests")
struct ImageTests {
    @Test("image-data is (iiibiiay) with rowstride width×4, alpha, 8 bits, 4 channels and the bytes as ay")
    func hintValue() throws {
        let image = try gradient(width: 3, height: 2)
        #expect(image.hintValue.signature == "(iiibiiay)")
        let fields = try #require(image.hintValue.fields)
        #expect(Array(fields.prefix(6)) == [.int32(3), .int32(2), .int32(12), .bool(true), .int32(8), .int32(4)])
        #expect(fields[6] == .bytes(image.rgba))
    }

    @Test("bad pixel buffers are clear errors")
    func badImages() {
        for (width, height, count, code) in [(0, 5, 0, LiveTextError.Code.invalidArgs), (2, 2, 15, .invalidArgs),
                                             (-1, 2, 8, .invalidArgs), (5000, 1, 20000, .tooLarge)] {
            let error = #expect(throws: LiveTextError.self) {
                _ = try NotificationImage(width: width, height: height, rgba: [UInt8](repeating: 0, count: count))
            }
            #expect(error?.code == code)
        }
    }

    @Test("a gray image becomes opaque RGBA")
    func grayToRGBA() throws {
        let image = try NotificationImage(PixelImage(width: 2, height: 1, format: .gray8, pixels: [10, 200]))
        #expect(image.rgba == [10, 10, 10, 255, 200, 200, 200, 255])
    }

    @Test("scaledToFit keeps the aspect ratio and averages blocks; a small image is kept")
    func scaling() throws {
        // 4×2: left half black, right half white, alpha 255.
        var bytes: [UInt8] = []
        for _ in 0..<2 { bytes += [0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255] }
        let image = try NotificationImage(width: 4, height: 2, rgba: bytes)
        #expect(image.scaledToFit(maxSide: 4) == image)
        let half = image.scaledToFit(maxSide: 2)
        #expect(half.width == 2 && half.height == 1)
        #expect(half.rgba == [0, 0, 0, 255, 255, 255, 255, 255])
        let one = image.scaledToFit(maxSide: 1)
        #expect(one.width == 1 && one.height == 1)
        #expect(one.rgba == [128, 128, 128, 255])
        let big = try gradient(width: 1000, height: 250).scaledToFit(maxSide: 128)
        #expect(big.width == 128 && big.height == 32 && big.rgba.count == 128 * 32 * 4)
    }

    @Test("hints: only what is set, with the spec's types; extra hints override")
    func hints() throws {
        var request = NotificationRequest(summary: "s")
        #expect(request.hints.isEmpty)
        request.urgency = .low
        request.resident = true
        request.category = "device"
        request.extraHints = ["category": "transfer", "x-livetext": true]
        #expect(request.hints == ["urgency": .byte(0), "resident": .bool(true), "category": "transfer",
                                  "x-livetext": .bool(true)])
    }
}
