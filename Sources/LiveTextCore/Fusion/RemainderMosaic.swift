/// The parts of a remainder that still hold ink, laid one under another, left-aligned, in one
/// smaller image for one OCR run (one part: its crop): a window whose text was published leaves its title bar, a
/// toolbar and a canvas far apart, and the rectangle around all three is most of the window.
/// What the OCR reads in it is moved back where each part came from.
struct RemainderMosaic {
    /// One part: where it is in the remainder, and where its top-left corner is in the mosaic.
    struct Slot: Equatable {
        let source: Bounds
        let y: Int

        var placed: Bounds { Bounds(x: 0, y: y, width: source.width, height: source.height) }
    }

    /// Blank rows between two parts: no line of the OCR's runs across them.
    static let gap = 24

    let image: PixelImage
    let slots: [Slot]

    /// `areas` (inside `remainder`) laid out top to bottom on their paper (white or black,
    /// whichever their most common luminance is nearer); nil when there are none.
    init?(areas: [Bounds], in remainder: PixelImage) {
        let page = Bounds(x: 0, y: 0, width: remainder.width, height: remainder.height)
        let parts = areas.map { $0.intersection(page) }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return nil }
        var slots: [Slot] = []
        var y = 0
        for part in parts {
            slots.append(Slot(source: part, y: y))
            y += part.height + Self.gap
        }
        let width = parts.map(\.width).max() ?? 0, height = y - Self.gap
        // The paper shows only between parts: one part is its crop as it is.
        let luminance = parts.count > 1 ? InkCheck.dominant(parts.flatMap { remainder.cropped(to: $0).luminance().pixels }) : 255
        let paper: UInt8 = luminance >= 128 ? 255 : 0
        let bpp = remainder.format.bytesPerPixel
        let blank: [UInt8] = remainder.format == .rgba8 ? [paper, paper, paper, 255] : [paper]
        var pixels = Array(repeatElement(blank, count: width * height).joined())
        for slot in slots {
            let rowBytes = slot.source.width * bpp
            for row in 0..<slot.source.height {
                let from = ((slot.source.y + row) * remainder.width + slot.source.x) * bpp
                let to = (slot.y + row) * width * bpp
                pixels.replaceSubrange(to..<to + rowBytes, with: remainder.pixels[from..<from + rowBytes])
            }
        }
        image = PixelImage(width: width, height: height, format: remainder.format, pixels: pixels)
        self.slots = slots
    }

    /// The pieces of `box` (in the remainder) in the mosaic, one a part it crosses.
    func inMosaic(_ box: Bounds) -> [Bounds] {
        slots.compactMap { slot in
            let piece = box.intersection(slot.source)
            return piece.isEmpty ? nil : piece.moved(x: -slot.source.x, y: slot.y - slot.source.y)
        }
    }

    /// `blocks` read in the mosaic, back in the remainder: each line goes with the part that
    /// holds its middle, and a block whose lines came from several parts is one block a part.
    func inRemainder(_ blocks: [TextBlock]) -> [TextBlock] {
        blocks.flatMap { block -> [TextBlock] in
            var byPart: [Int: [TextLine]] = [:]
            var order: [Int] = []
            for line in block.lines {
                let middle = line.bounds.y + line.bounds.height / 2
                let part = slots.lastIndex { $0.y <= middle } ?? 0
                if byPart[part] == nil { order.append(part) }
                byPart[part, default: []].append(line)
            }
            return order.compactMap { part in
                let slot = slots[part]
                guard var moved = block.replacingLines(with: byPart[part]!) else { return nil }
                moved = moved.moved(x: slot.source.x, y: slot.source.y - slot.y)
                return moved
            }
        }
    }
}
