import LiveTextCore
import Testing
@testable import WaylandKit

/// A grabber's whole screen cut to a monitor or a region as plain values: each pixel of the
/// screen below says where it is (its x in red, its y in green), so a crop shows where it came from.
@Suite("the part of a grabbed screen")
struct GrabbedScreenTests {
    /// A `width`×`height` screen whose pixel (x, y) is (x, y, 7).
    static func screen(_ width: Int, _ height: Int) -> PixelImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 4
                (pixels[at], pixels[at + 1], pixels[at + 2]) = (UInt8(x), UInt8(y), 7)
            }
        }
        return PixelImage(width: width, height: height, format: .rgba8, pixels: pixels)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The grabbed screen's size.
        var screen: (width: Int, height: Int)
        var layout: Bounds
        var area: Bounds
        /// Where the crop lies in the grabbed screen's pixels.
        var expected: Bounds
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "the whole layout at 1", screen: (200, 100), layout: Bounds(x: 0, y: 0, width: 200, height: 100),
             area: Bounds(x: 0, y: 0, width: 200, height: 100), expected: Bounds(x: 0, y: 0, width: 200, height: 100)),
        Case(name: "a region at 1", screen: (200, 100), layout: Bounds(x: 0, y: 0, width: 200, height: 100),
             area: Bounds(x: 13, y: 7, width: 50, height: 21), expected: Bounds(x: 13, y: 7, width: 50, height: 21)),
        Case(name: "the second monitor of two, drawn at 2 (the largest scale)", screen: (240, 100),
             layout: Bounds(x: 0, y: 0, width: 120, height: 50), area: Bounds(x: 80, y: 10, width: 40, height: 30),
             expected: Bounds(x: 160, y: 20, width: 80, height: 60)),
        Case(name: "a layout whose corner is not (0, 0)", screen: (100, 60), layout: Bounds(x: -40, y: 20, width: 100, height: 60),
             area: Bounds(x: -30, y: 25, width: 10, height: 5), expected: Bounds(x: 10, y: 5, width: 10, height: 5)),
        Case(name: "a fractional scale (1.5): edges rounded", screen: (150, 90), layout: Bounds(x: 0, y: 0, width: 100, height: 60),
             area: Bounds(x: 3, y: 5, width: 11, height: 7), expected: Bounds(x: 5, y: 8, width: 16, height: 10)),
        Case(name: "a region across the screen's edge is clipped to it", screen: (200, 100),
             layout: Bounds(x: 0, y: 0, width: 200, height: 100), area: Bounds(x: 190, y: 90, width: 50, height: 50),
             expected: Bounds(x: 190, y: 90, width: 10, height: 10)),
    ]

    @Test("the crop is the area's place at the screen's own scale, and its bounds the area", arguments: cases)
    func crop(_ example: Case) throws {
        let screen = Self.screen(example.screen.width, example.screen.height)
        let captured = try GrabbedScreen.crop(screen, to: example.area, layout: example.layout, grabber: "the test's grabber")
        #expect(captured.bounds == example.area.intersection(example.layout))
        #expect(captured.image.width == example.expected.width && captured.image.height == example.expected.height)
        // Its corners came from the expected corners of the screen.
        let image = captured.image
        #expect(Array(image.pixels[0..<3]) == [UInt8(example.expected.x), UInt8(example.expected.y), 7])
        let last = (image.width * image.height - 1) * 4
        #expect(Array(image.pixels[last..<(last + 3)])
                == [UInt8(example.expected.maxX - 1), UInt8(example.expected.maxY - 1), 7])
    }

    @Test("a screen of another shape than the layout is failed, naming the grabber and both sizes")
    func wrongShape() {
        let error = #expect(throws: LiveTextError.self) {
            try GrabbedScreen.crop(Self.screen(200, 200), to: Bounds(x: 0, y: 0, width: 10, height: 10),
                                   layout: Bounds(x: 0, y: 0, width: 200, height: 100), grabber: "GNOME's Screenshot portal")
        }
        #expect(error?.code == .failed)
        #expect(error?.message.contains("GNOME's Screenshot portal") == true && error?.message.contains("200×200") == true
                && error?.message.contains("200×100") == true, "\(String(describing: error?.message))")
    }

    @Test("an empty picture or one that is not rgba8 is failed, not a crash")
    func noPicture() {
        let layout = Bounds(x: 0, y: 0, width: 20, height: 10)
        for screen in [PixelImage(width: 0, height: 0, format: .rgba8, pixels: []), PixelImage(width: 20, height: 10, gray: 9)] {
            let error = #expect(throws: LiveTextError.self) {
                try GrabbedScreen.crop(screen, to: layout, layout: layout, grabber: "KWin's ScreenShot2")
            }
            #expect(error?.code == .failed)
        }
    }

    @Test("an area outside the layout is invalidArgs")
    func outside() {
        let error = #expect(throws: LiveTextError.self) {
            try GrabbedScreen.crop(Self.screen(20, 10), to: Bounds(x: 50, y: 50, width: 5, height: 5),
                                   layout: Bounds(x: 0, y: 0, width: 20, height: 10), grabber: "a grabber")
        }
        #expect(error?.code == .invalidArgs)
    }
}
