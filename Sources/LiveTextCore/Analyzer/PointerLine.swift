/// Finds the text line under a point from the pixels alone, cheaply (live text's first answer,
/// before the page is laid out): the ink rows around the point in a window of the columns
/// around it (a projection profile), then the columns of those rows, extended left and right
/// until a gap wider than the line is tall, so that no word of the line is cut.
enum PointerLine {
    /// Columns either side of the point whose rows decide which rows hold the line.
    static let window = 160
    /// How far above or below the point the nearest ink row may be (the point between two lines,
    /// or just below a button's label).
    static let reach = 24
    /// The tallest line taken for one (taller ink is a picture, not a line).
    static let maximumHeight = 72
    /// How far a pixel's luminance must be from the background's to be ink.
    static let contrast = 60

    /// The line's bounds (with a margin), or nil when there is no line of text at the point.
    static func line(at point: (x: Int, y: Int), in image: PixelImage) -> Bounds? {
        guard image.width > 0, image.height > 0, (0..<image.width).contains(point.x),
              (0..<image.height).contains(point.y) else { return nil }
        let x0 = max(0, point.x - window), x1 = min(image.width, point.x + window)
        let y0 = max(0, point.y - maximumHeight), y1 = min(image.height, point.y + maximumHeight)
        let background = Self.background(of: image, columns: x0..<x1, rows: y0..<y1)
        let isInk = { (x: Int, y: Int) in abs(Self.luminance(of: image, x: x, y: y) - background) >= contrast }
        let inkRow = { (y: Int) in (x0..<x1).contains { isInk($0, y) } }
        // The run of ink rows nearest the point that is a line: not taller than one, and ending
        // inside the window (a panel of another colour is not).
        var line: (top: Int, bottom: Int)?, refused: [ClosedRange<Int>] = []
        for y in (0...reach).lazy.flatMap({ [point.y - $0, point.y + $0] }) {
            guard (y0..<y1).contains(y), !refused.contains(where: { $0.contains(y) }), inkRow(y) else { continue }
            var top = y, bottom = y
            while top > y0, inkRow(top - 1) { top -= 1 }
            while bottom + 1 < y1, inkRow(bottom + 1) { bottom += 1 }
            if bottom - top < maximumHeight, top > y0 || top == 0, bottom + 1 < y1 || bottom + 1 == image.height {
                line = (top, bottom)
                break
            }
            refused.append(top...bottom)
        }
        guard let (top, bottom) = line else { return nil }
        let height = bottom - top + 1
        let inkColumn = { (x: Int) in (top...bottom).contains { isInk(x, $0) } }
        // Out from the point's column to a gap wider than the line is tall, each way.
        let gap = max(12, 3 * height / 2)
        var left = point.x, right = point.x, blank = 0
        var x = point.x
        while x > 0, blank < gap {
            x -= 1
            if inkColumn(x) { left = x; blank = 0 } else { blank += 1 }
        }
        blank = 0
        x = point.x
        while x + 1 < image.width, blank < gap {
            x += 1
            if inkColumn(x) { right = x; blank = 0 } else { blank += 1 }
        }
        guard left < right || inkColumn(point.x) else { return nil }
        let margin = max(2, height / 4)
        return Bounds(x: left - margin, y: top - margin, width: right - left + 1 + 2 * margin,
                      height: height + 2 * margin).clamped(width: image.width, height: image.height)
    }

    /// The most common luminance in the window (the background, light or dark).
    private static func background(of image: PixelImage, columns: Range<Int>, rows: Range<Int>) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        for y in rows { for x in columns { histogram[luminance(of: image, x: x, y: y)] += 1 } }
        return histogram.indices.max { histogram[$0] < histogram[$1] } ?? 255
    }

    private static func luminance(of image: PixelImage, x: Int, y: Int) -> Int {
        switch image.format {
        case .gray8:
            return Int(image.pixels[y * image.width + x])
        case .rgba8:
            let i = (y * image.width + x) * 4
            return (299 * Int(image.pixels[i]) + 587 * Int(image.pixels[i + 1]) + 114 * Int(image.pixels[i + 2])) / 1000
        }
    }
}
