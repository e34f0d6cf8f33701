/// A terminal's block cursor is no text: a solid box one cell wide and one line high (an outline
/// when the window has no focus), which the recognizer reads as a letter (`billing-api$ █` came
/// out as `billing-apis i`) or which takes the word before it along. On the
/// normalized page (dark text on white) it is a rectangle of dark pixels with straight edges and
/// light pixels on every side; glyphs never are (their stems are narrower, their bars shorter).
struct BlockCursorEraser {
    /// Darker than this is ink.
    var inkThreshold: UInt8 = 128
    /// A cursor's width in pixels, and its height as a multiple of its width (a cell is about
    /// half as wide as it is high; an underline or bar cursor is not filled and stays).
    var widths = 5...40
    var heightRatio = 1.2...3.0
    var minimumHeight = 9

    /// `image` (gray, dark text on white) with its solid block cursors made white.
    func erased(_ image: PixelImage) -> PixelImage {
        var image = image
        let w = image.width, h = image.height
        guard image.format == .gray8, w > 2, h > 2 else { return image }
        var y = 1
        while y < h - 1 {
            var x = 1
            while x < w - 1 {
                guard image.pixels[y * w + x] < inkThreshold else { x += 1; continue }
                var end = x
                while end + 1 < w, image.pixels[y * w + end + 1] < inkThreshold { end += 1 }
                if let height = solidHeight(image, top: y, from: x, to: end) ?? hollowHeight(image, top: y, from: x, to: end) {
                    for row in y..<(y + height) {
                        for column in x...end { image.pixels[row * w + column] = 255 }
                    }
                }
                x = end + 1
            }
            y += 1
        }
        return image
    }

    /// The height of the hollow box (a one-pixel outline: an unfocused terminal's cursor) whose
    /// top row is the run `from...to` of row `top`: its sides dark and its inside light down to a
    /// bottom row like the top, light just beside its top and bottom rows and above and below it.
    private func hollowHeight(_ image: PixelImage, top: Int, from: Int, to: Int) -> Int? {
        let w = image.width, width = to - from + 1
        guard widths.contains(width), from > 0, to < w - 1 else { return nil }
        let isInk = { (x: Int, y: Int) in image.pixels[y * w + x] < self.inkThreshold }
        let edge = { (y: Int) in !isInk(from - 1, y) && !isInk(to + 1, y) && (from...to).allSatisfy { isInk($0, y) } }
        guard edge(top), (from...to).allSatisfy({ !isInk($0, top - 1) }) else { return nil }
        var row = top + 1
        while row < image.height - 1, isInk(from, row), isInk(to, row), ((from + 1)..<to).allSatisfy({ !isInk($0, row) }) {
            row += 1
        }
        let height = row - top + 1
        guard row < image.height - 1, row > top + 1, edge(row), (from...to).allSatisfy({ !isInk($0, row + 1) }),
              height >= minimumHeight, heightRatio.contains(Double(height) / Double(width)) else { return nil }
        return height
    }

    /// The height of the solid box whose top row is the run `from...to` of row `top`, when it is
    /// a block cursor: its rows the same run, light just left and right of it, light above it
    /// and below it.
    private func solidHeight(_ image: PixelImage, top: Int, from: Int, to: Int) -> Int? {
        let w = image.width, width = to - from + 1
        guard widths.contains(width), from > 0, to < w - 1 else { return nil }
        let isInk = { (x: Int, y: Int) in image.pixels[y * w + x] < self.inkThreshold }
        guard (from...to).allSatisfy({ !isInk($0, top - 1) }) else { return nil }
        var height = 0
        while top + height < image.height - 1 {
            let row = top + height
            guard !isInk(from - 1, row), !isInk(to + 1, row), (from...to).allSatisfy({ isInk($0, row) }) else { break }
            height += 1
        }
        guard height >= minimumHeight, heightRatio.contains(Double(height) / Double(width)),
              (from...to).allSatisfy({ !isInk($0, top + height) }) else { return nil }
        return height
    }
}
