import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

/// A test's own connection to its Xvfb, putting windows with known pixels on the screen.
///
/// Pixels are written in the visual's own format (its masks and widths), and the colours
/// expected back are worked out here from those raw values: `round(v * 255 / max)` per channel.
final class ScreenPainter: @unchecked Sendable {
    let display: X11Display
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32

    init(_ server: TestDisplay) throws {
        display = try X11Display(name: server.name)
        visual = lt_DefaultVisual(display.handle, display.screen)
        depth = lt_DefaultDepth(display.handle, display.screen)
    }

    deinit { display.close() }

    /// Defines RandR 1.5 monitors (as `xrandr --setmonitor` does); they stay while this
    /// connection does.
    func defineMonitors(_ monitors: [(name: String, bounds: Bounds, primary: Bool)]) {
        let handle = display.handle
        for (name, bounds, primary) in monitors {
            guard let monitor = XRRAllocateMonitor(handle, 0) else { continue }
            monitor.pointee.name = display.atom(name)
            monitor.pointee.x = Int32(bounds.x)
            monitor.pointee.y = Int32(bounds.y)
            monitor.pointee.width = Int32(bounds.width)
            monitor.pointee.height = Int32(bounds.height)
            monitor.pointee.mwidth = 100
            monitor.pointee.mheight = 100
            monitor.pointee.primary = primary ? 1 : 0
            XRRSetMonitor(handle, display.root, monitor)
            XRRFreeMonitors(monitor)
        }
        display.sync()
    }

    /// A window at `area` (root coordinates) painted with `color(x, y)` (8-bit r, g, b, quantized
    /// to the visual), mapped and on top. Returns its id and the rgba8 image a capture must give.
    func window(_ area: Bounds, overrideRedirect: Bool = false,
                color: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> (id: UInt, expected: PixelImage) {
        let handle = display.handle
        let masks = [visual.pointee.red_mask, visual.pointee.green_mask, visual.pointee.blue_mask].map { UInt32($0) }
        let shifts = masks.map { UInt32($0.trailingZeroBitCount) }
        let tops = zip(masks, shifts).map { Int($0 >> $1) }
        guard let image = XCreateImage(handle, visual, UInt32(depth), ZPixmap, 0, nil,
                                       UInt32(area.width), UInt32(area.height), 32, 0) else {
            throw TestFailure("XCreateImage failed")
        }
        let bytesPerLine = Int(image.pointee.bytes_per_line), bpp = Int(image.pointee.bits_per_pixel)
        #expect(image.pointee.byte_order == LSBFirst)
        let data = malloc(bytesPerLine * area.height)!
        image.pointee.data = data.assumingMemoryBound(to: CChar.self)
        var expected = [UInt8]()
        expected.reserveCapacity(area.width * area.height * 4)
        for y in 0..<area.height {
            for x in 0..<area.width {
                let (r, g, b) = color(x, y)
                var pixel: UInt32 = 0
                for (channel, value) in [r, g, b].enumerated() {
                    let top = tops[channel]
                    let raw = Int(value) * top / 255
                    pixel |= UInt32(raw) << shifts[channel]
                    expected.append(UInt8((Double(raw) * 255 / Double(top)).rounded()))
                }
                expected.append(255)
                let offset = y * bytesPerLine + x * bpp / 8
                switch bpp {
                case 32: data.storeBytes(of: pixel.littleEndian, toByteOffset: offset, as: UInt32.self)
                case 16: data.storeBytes(of: UInt16(pixel).littleEndian, toByteOffset: offset, as: UInt16.self)
                default: throw TestFailure("\(bpp) bits a pixel in a test image")
                }
            }
        }
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = overrideRedirect ? 1 : 0
        let pixmap = XCreatePixmap(handle, display.root, UInt32(area.width), UInt32(area.height), UInt32(depth))
        let gc = XCreateGC(handle, pixmap, 0, nil)
        XPutImage(handle, pixmap, gc, image, 0, 0, 0, 0, UInt32(area.width), UInt32(area.height))
        XFreeGC(handle, gc)
        _ = lt_XDestroyImage(image)
        attributes.background_pixmap = pixmap
        let window = XCreateWindow(handle, display.root, Int32(area.x), Int32(area.y),
                                   UInt32(area.width), UInt32(area.height), 0, depth, UInt32(InputOutput), visual,
                                   UInt(CWOverrideRedirect | CWBackPixmap), &attributes)
        XFreePixmap(handle, pixmap)
        XMapRaised(handle, window)
        display.sync()
        return (UInt(window), PixelImage(width: area.width, height: area.height, format: .rgba8, pixels: expected))
    }

    func destroy(_ window: UInt) {
        XDestroyWindow(display.handle, Window(window))
        display.sync()
    }

    func unmap(_ window: UInt) {
        XUnmapWindow(display.handle, Window(window))
        display.sync()
    }
}

/// Helpers of the capture and selection tests.
enum CaptureFixtures {
    /// A pattern where neighbouring pixels differ in every channel, so an offset by one shows.
    static func testPattern(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8(truncatingIfNeeded: x * 7 + y * 3), UInt8(truncatingIfNeeded: y * 5 + x), UInt8(truncatingIfNeeded: (x ^ y) * 11 + 40))
    }

    /// Nil when both images hold the same pixels, else where and how the first difference looks.
    static func pixelDifference(_ actual: PixelImage, _ expected: PixelImage) -> String? {
        guard actual.width == expected.width, actual.height == expected.height, actual.format == expected.format else {
            return "size \(actual.width)×\(actual.height) \(actual.format), expected \(expected.width)×\(expected.height) \(expected.format)"
        }
        guard let index = actual.pixels.indices.first(where: { actual.pixels[$0] != expected.pixels[$0] }) else { return nil }
        let bpp = actual.format.bytesPerPixel, pixel = index / bpp
        let at = pixel * bpp
        return "first difference at (\(pixel % actual.width), \(pixel / actual.width)): \(actual.pixels[at..<at + bpp]) vs \(expected.pixels[at..<at + bpp])"
    }

    /// Reads a binary PPM (P6, maxval 255) as rgba8.
    static func readPPM(_ data: Data) throws -> PixelImage {
        var fields: [Int] = [], index = 2
        let bytes = [UInt8](data)
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { throw TestFailure("not a P6 PPM") }
        while fields.count < 3 {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0a || bytes[index] == 0x0d || bytes[index] == 0x09 { index += 1 }
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { value = value * 10 + Int(bytes[index] - 0x30); index += 1 }
            fields.append(value)
        }
        index += 1
        let (width, height) = (fields[0], fields[1])
        guard fields[2] == 255, bytes.count - index >= width * height * 3 else { throw TestFailure("unexpected PPM \(fields)") }
        var rgba = [UInt8]()
        rgba.reserveCapacity(width * height * 4)
        for pixel in 0..<width * height {
            rgba.append(contentsOf: bytes[index + 3 * pixel..<index + 3 * pixel + 3])
            rgba.append(255)
        }
        return PixelImage(width: width, height: height, format: .rgba8, pixels: rgba)
    }

    /// What `import` (ImageMagick) reads from `window` (e.g. "root") of the test server, as rgba8.
    static func importWindow(_ window: String, _ server: TestDisplay) async throws -> PixelImage {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("capture-\(UUID().uuidString).ppm").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await runCommand("/usr/bin/import", ["-window", window, "-depth", "8", "ppm:\(path)"],
                                          environment: server.environment)
        guard result.status == 0 else { throw TestFailure("import failed: \(result.stderr)") }
        return try readPPM(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Expects `body` to throw a `LiveTextError` with `code`; returns its message.
    @discardableResult
    static func expectLiveTextError(_ code: LiveTextError.Code, sourceLocation: SourceLocation = #_sourceLocation,
                                    _ body: () throws -> Void) -> String {
        do {
            try body()
            Issue.record("expected \(code), got no error", sourceLocation: sourceLocation)
        } catch let error as LiveTextError {
            #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
            return error.message
        } catch {
            Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
        }
        return ""
    }
}
