import Testing
@testable import LiveTextCore

/// The published lines that hold ink painted out of the pixels the OCR reads, and what is left
/// for it, on pixels drawn here.
@Suite("published text painted out of the OCR's pixels")
struct PublishedCoverTests {
    static let first = Bounds(x: 20, y: 20, width: 200, height: 20)
    /// Just below the first, one pixel of paper between them.
    static let second = Bounds(x: 20, y: 41, width: 200, height: 20)
    static let canvas = Bounds(x: 20, y: 120, width: 150, height: 20)

    @Test("an accepted box is painted its paper's colour; the line beside it keeps every pixel")
    func eraserKeepsNeighbours() {
        let image = TextFusionTests.page(inked: [Self.first, Self.second])
        let erased = InkEraser.erasing([Self.first], in: image)
        let before = image.pixels, after = erased.pixels
        for y in 0..<image.height {
            for x in 0..<image.width {
                let index = y * image.width + x
                if Self.first.contains(x: x, y: y) {
                    #expect(after[index] == 255, "(\(x), \(y))")
                } else if after[index] != before[index] {
                    Issue.record("(\(x), \(y)) outside the box changed")
                    return
                }
            }
        }
    }

    @Test("faint pixels just outside the box go with it, ink two pixels away does not")
    func eraserMargin() {
        var image = TextFusionTests.page(inked: [Self.first])
        // A faint edge of a glyph one pixel below the box, strong ink of another line two below.
        image.pixels[Self.first.maxY * image.width + 30] = 225
        image.pixels[(Self.first.maxY + 1) * image.width + 40] = 20
        image.pixels[(Self.first.maxY + 3) * image.width + 50] = 230
        let erased = InkEraser.erasing([Self.first], in: image)
        #expect(erased.pixels[Self.first.maxY * image.width + 30] == 255)
        #expect(erased.pixels[(Self.first.maxY + 1) * image.width + 40] == 20)
        // Beyond the margin: as it was.
        #expect(erased.pixels[(Self.first.maxY + 3) * image.width + 50] == 230)
    }

    @Test("on coloured paper the box takes the paper's colour, not white")
    func eraserColour() {
        let width = 60, height = 30
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0..<width * height {
            let x = index % width
            let ink = x >= 10 && x < 50 && x % 5 < 2 && (index / width) >= 10 && (index / width) < 20
            pixels.replaceSubrange(index * 4..<index * 4 + 4, with: ink ? [10, 10, 10, 255] : [200, 220, 250, 255])
        }
        let image = PixelImage(width: width, height: height, format: .rgba8, pixels: pixels)
        let erased = InkEraser.erasing([Bounds(x: 10, y: 10, width: 40, height: 10)], in: image)
        let at = (15 * width + 10) * 4
        #expect(Array(erased.pixels[at..<at + 4]) == [200, 220, 250, 255])
    }

    @Test("every line accepted: nothing is left for the OCR")
    func nothingLeft() {
        let image = TextFusionTests.page(inked: [Self.first, Self.second])
        let cover = PublishedCover([PublishedLine(text: "0O1lI Straße", bounds: Self.first),
                                    PublishedLine(text: "second line here", bounds: Self.second)], in: image)
        #expect(cover.accepted.count == 2 && cover.unchecked.isEmpty)
        #expect(cover.remainingArea == nil)
    }

    @Test("a line nobody published is left, with a margin; a misplaced or undrawn line is not accepted")
    func remainingArea() throws {
        let image = TextFusionTests.page(inked: [Self.first, Self.canvas])
        let cover = PublishedCover([PublishedLine(text: "0O1lI Straße", bounds: Self.first),
                                    PublishedLine(text: "never drawn", bounds: Bounds(x: 250, y: 60, width: 100, height: 20)),
                                    PublishedLine(text: "misplaced", bounds: Self.canvas, geometryTrusted: false)], in: image)
        #expect(cover.accepted.map(\.text) == ["0O1lI Straße"])
        #expect(cover.unchecked.map(\.text) == ["never drawn", "misplaced"])
        let area = try #require(cover.remainingArea)
        // The canvas's marks (the last column of marks ends 2 px before its box's edge).
        #expect(area.x == Self.canvas.x - PublishedCover.margin && area.y == Self.canvas.y - PublishedCover.margin)
        #expect(area.maxY == Self.canvas.maxY + PublishedCover.margin)
        #expect(!area.contains(x: 30, y: 30))
    }

    @Test("each window has its own paper: a uniform dark window or desktop holds no ink")
    func windowsOwnPaper() {
        let width = 300, height = 200
        var pixels = [UInt8](repeating: 0, count: width * height)  // the bare desktop: black
        let window = Bounds(x: 20, y: 20, width: 200, height: 100), panel = Bounds(x: 230, y: 20, width: 60, height: 170)
        for y in 0..<height {
            for x in 0..<width {
                if window.contains(x: x, y: y) { pixels[y * width + x] = 255 }
                if panel.contains(x: x, y: y) { pixels[y * width + x] = 60 }
            }
        }
        let image = PixelImage(width: width, height: height, format: .gray8, pixels: pixels)
        #expect(RemainingInk.areas(luminance: image.pixels, width: width, height: height,
                                   regions: ContentRegions([window, panel])).isEmpty)
        // Without the windows, the desktop's black is the paper and the white window's edges are ink.
        #expect(!RemainingInk.areas(luminance: image.pixels, width: width, height: height, regions: ContentRegions()).isEmpty)
    }

    @Test("accepted lines are taken as they are, not checked again")
    func acceptedNotRechecked() {
        let line = PublishedLine(text: "exact", bounds: Self.first)
        let outcome = TextFusion.fused([], accepted: [line], unchecked: [PublishedLine(text: "nowhere", bounds: Self.canvas)])
        #expect(outcome.accepted == 1 && outcome.dropped == 1)
        #expect(outcome.blocks.flatMap(\.lines).map(\.text) == ["exact"])
    }
}

/// A line published with its widget's box (GTK 4's labels): taken where its ink is, when the box
/// holds one line of it.
@Suite("a line in its widget's box")
struct WidgetBoxTests {
    static let widget = Bounds(x: 10, y: 10, width: 380, height: 40)
    static let text = Bounds(x: 16, y: 20, width: 150, height: 14)

    @Test("one line of ink in a wide widget: the line is the ink's box, two pixels around it, and is painted out")
    func oneLine() {
        var image = TextFusionTests.page(inked: [Self.text])
        // An accent above the line and an underline below it: thin bands, not lines.
        for x in 20..<24 { image.pixels[17 * image.width + x] = 20 }
        for x in 16..<166 { image.pixels[35 * image.width + x] = 20 }
        let line = PublishedLine(text: "Quarterly 0O1lI report", bounds: Self.widget, geometryTrusted: false, boxIsWidget: true)
        let checked = PublishedCover.checked([line], in: image)
        let taken = checked.accepted.first
        // From the accent (row 17) to the underline (row 35), column 16 to 165, two pixels around.
        #expect(taken?.bounds == Bounds(x: 14, y: 15, width: 154, height: 23), "\(String(describing: taken?.bounds))")
        #expect(taken?.geometryTrusted == true)
        #expect(PublishedCover([line], in: image).remainingArea == nil)
    }

    @Test("two lines of ink, or none, in the widget's box: not taken there (the OCR's line decides)")
    func notOneLine() {
        let two = TextFusionTests.page(inked: [Self.text, Bounds(x: 16, y: 36, width: 120, height: 12)])
        let line = PublishedLine(text: "Quarterly 0O1lI report", bounds: Self.widget, geometryTrusted: false, boxIsWidget: true)
        #expect(PublishedCover.checked([line], in: two).accepted.isEmpty)
        let blank = TextFusionTests.page(inked: [])
        #expect(PublishedCover.checked([line], in: blank).accepted.isEmpty)
        // Not a widget's box and not trusted: never taken by its ink.
        var untrusted = line
        untrusted.boxIsWidget = false
        #expect(PublishedCover.checked([untrusted], in: TextFusionTests.page(inked: [Self.text])).accepted.isEmpty)
    }
}

/// The text left for the OCR in parts far apart, read as one image of those parts only.
@Suite("the remainder's parts")
struct RemainderPartsTests {
    static let title = Bounds(x: 30, y: 12, width: 120, height: 14)
    static let canvas = Bounds(x: 40, y: 300, width: 160, height: 16)

    /// A window's paper with a one-pixel frame around it, its title and a canvas line inked.
    static func window() -> PixelImage {
        var image = TextFusionTests.page(inked: [title, canvas], width: 400, height: 360)
        for x in 2..<398 { image.pixels[2 * 400 + x] = 20; image.pixels[357 * 400 + x] = 20 }
        for y in 2..<358 { image.pixels[y * 400 + 2] = 20; image.pixels[y * 400 + 397] = 20 }
        return image
    }

    @Test("a title and a canvas far apart are two areas, each around its ink; the frame's rules are none")
    func twoAreas() {
        let image = Self.window()
        let areas = RemainingInk.areas(luminance: image.pixels, width: 400, height: 360, regions: ContentRegions())
        #expect(areas.count == 2, "\(areas)")
        #expect(areas.first?.contains(x: 30, y: 12) == true && areas.first?.contains(x: 148, y: 25) == true)
        #expect(areas.first.map { $0.height < 40 && $0.y >= 0 } == true, "\(areas)")
        #expect(areas.last?.contains(x: 40, y: 300) == true && areas.last.map { $0.maxY < 340 } == true, "\(areas)")
        // The frame alone: rules, no text.
        var frame = Self.window()
        frame = TextFusionTests.page(inked: [], width: 400, height: 360)
        for x in 2..<398 { frame.pixels[2 * 400 + x] = 20 }
        #expect(RemainingInk.areas(luminance: frame.pixels, width: 400, height: 360, regions: ContentRegions()).isEmpty)
    }

    @Test("a cover whose published line lies between a title and a canvas leaves both, apart, each with its margin")
    func coverLeavesParts() {
        let middle = Bounds(x: 30, y: 150, width: 200, height: 16)
        var image = Self.window()
        for x in middle.x..<middle.maxX where (x - middle.x) % 9 < 3 {
            for y in middle.y..<middle.maxY { image.pixels[y * 400 + x] = 20 }
        }
        let cover = PublishedCover([PublishedLine(text: "published middle line", bounds: middle)], in: image)
        #expect(cover.accepted.count == 1)
        #expect(cover.remainingAreas.count == 2, "\(cover.remainingAreas)")
        // The title with its margin (and the frame's rule its cells share), not the window's height.
        #expect(cover.remainingAreas.first.map { $0.union(Self.title) == $0 && $0.height < 40 } == true, "\(cover.remainingAreas)")
        #expect(cover.remainingAreas.last.map { $0.union(Self.canvas) == $0 && $0.y > 200 } == true, "\(cover.remainingAreas)")
        #expect(cover.remainingArea == cover.remainingAreas.union)
    }

    @Test("a terminal's cursor (ink filling its rectangle, or its outline) is no text to read; a word beside it keeps it")
    func cursor() {
        var image = TextFusionTests.page(inked: [], width: 200, height: 100)
        let block = Bounds(x: 40, y: 40, width: 9, height: 17)
        for y in block.y..<block.maxY { for x in block.x..<block.maxX { image.pixels[y * 200 + x] = 20 } }
        #expect(RemainingInk.areas(luminance: image.pixels, width: 200, height: 100, regions: ContentRegions()).isEmpty)
        // Hollow (the cursor of a window without the focus): its outline only.
        var hollow = TextFusionTests.page(inked: [], width: 200, height: 100)
        for y in block.y..<block.maxY {
            for x in block.x..<block.maxX where y == block.y || y == block.maxY - 1 || x == block.x || x == block.maxX - 1 {
                hollow.pixels[y * 200 + x] = 20
            }
        }
        #expect(RemainingInk.areas(luminance: hollow.pixels, width: 200, height: 100, regions: ContentRegions()).isEmpty)
        // Cut by the region's bottom edge (a drag ending across it): its three sides left, in one
        // cell of the grid.
        var cut = [UInt8](repeating: 255, count: 200 * 48)
        for y in 36..<48 { for x in 34..<43 where y == 36 || x == 34 || x == 42 { cut[y * 200 + x] = 20 } }
        #expect(RemainingInk.areas(luminance: cut, width: 200, height: 48, regions: ContentRegions()).isEmpty)
        // As VTE drew it under a drag's edge: its first ten rows in one cell, two in the next
        // (too few there to count as a glyph's), the region ending two rows below.
        var vte = [UInt8](repeating: 255, count: 200 * 66)
        for y in 54..<66 { for x in 0..<11 where y == 54 || x == 0 || x == 10 { vte[y * 200 + x] = 20 } }
        #expect(RemainingInk.areas(luminance: vte, width: 200, height: 66, regions: ContentRegions()).isEmpty)
        // Whole, across two cells, two of its rows in the first.
        var straddling = [UInt8](repeating: 255, count: 200 * 100)
        for y in 46..<64 { for x in 50..<61 where y == 46 || y == 63 || x == 50 || x == 60 { straddling[y * 200 + x] = 20 } }
        #expect(RemainingInk.areas(luminance: straddling, width: 200, height: 100, regions: ContentRegions()).isEmpty)
        // The same three sides away from the edge are a glyph's (a `⊓`): read.
        let open = cut + [UInt8](repeating: 255, count: 200 * 20)
        #expect(RemainingInk.areas(luminance: open, width: 200, height: 68, regions: ContentRegions()).count == 1)
        // A word just before it: one area holding both (with the margin the cover gives it).
        for y in 42..<54 { for x in 10..<34 where (x - 10) % 9 < 3 { image.pixels[y * 200 + x] = 20 } }
        let areas = RemainingInk.areas(luminance: image.pixels, width: 200, height: 100, regions: ContentRegions(),
                                       margin: PublishedCover.margin)
        #expect(areas.count == 1 && areas.first.map { $0.union(block) == $0 } == true, "\(areas)")
    }

    @Test("areas covering most of the rectangle around them are read as that one rectangle")
    func oneArea() {
        let image = TextFusionTests.page(inked: [Bounds(x: 20, y: 20, width: 300, height: 14), Bounds(x: 20, y: 60, width: 300, height: 14)])
        let areas = RemainingInk.areas(luminance: image.pixels, width: 400, height: 200, regions: ContentRegions())
        #expect(areas.count == 1, "\(areas)")
    }

    @Test("the mosaic lays the parts one under another and gives each line back to its part")
    func mosaic() throws {
        let image = Self.window()
        let parts = [Bounds(x: 20, y: 4, width: 140, height: 30), Bounds(x: 30, y: 290, width: 200, height: 36)]
        let mosaic = try #require(RemainderMosaic(areas: parts, in: image))
        #expect(mosaic.image.width == 200 && mosaic.image.height == 30 + RemainderMosaic.gap + 36)
        // The canvas's first inked pixel, where the mosaic put it.
        let at = mosaic.inMosaic(Bounds(x: 40, y: 300, width: 1, height: 1))
        #expect(at == [Bounds(x: 10, y: 30 + RemainderMosaic.gap + 10, width: 1, height: 1)])
        #expect(mosaic.image.pixels[at[0].y * 200 + at[0].x] == 20)
        // A block the OCR made of a line in each part comes back as one block a part.
        let top = TextFusionTests.ocrLine([("Title", Bounds(x: 10, y: 8, width: 120, height: 14))])
        let bottom = TextFusionTests.ocrLine([("Canvas", Bounds(x: 10, y: 64, width: 160, height: 16))])
        let back = mosaic.inRemainder([TextBlock(lines: [top, bottom])])
        #expect(back.count == 2)
        #expect(back.first?.lines.first?.bounds == Bounds(x: 30, y: 12, width: 120, height: 14))
        #expect(back.last?.lines.first?.bounds == Bounds(x: 40, y: 300, width: 160, height: 16))
    }
}
