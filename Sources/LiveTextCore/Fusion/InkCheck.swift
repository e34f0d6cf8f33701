/// The cheap check that a published line is drawn where its application says: its box holds
/// ink (pixels far from the box's background) spread along the line, as glyphs do. A label
/// published but not drawn (transparent, covered, off its window) holds none.
enum InkCheck {
    /// Ink pixels this far from the background (0-255 luminance) count.
    static let contrast = 60

    /// Whether `box` (clipped to the image) holds text-like ink for `characters` characters.
    static func holdsText(_ box: Bounds, characters: Int, in image: PixelImage) -> Bool {
        let area = box.intersection(Bounds(x: 0, y: 0, width: image.width, height: image.height))
        guard area.width >= 2, area.height >= 4, characters > 0 else { return false }
        let luminance = luminances(of: area, in: image)
        let background = dominant(luminance)
        var inkColumns = [Bool](repeating: false, count: area.width)
        var ink = 0
        for row in 0..<area.height {
            for column in 0..<area.width where abs(Int(luminance[row * area.width + column]) - background) >= contrast {
                inkColumns[column] = true
                ink += 1
            }
        }
        let share = Double(ink) / Double(area.area)
        let columns = Double(inkColumns.filter { $0 }.count) / Double(area.width)
        // Glyphs cover a few to a few tens of per cent of their box, and ink runs along most of
        // a line (a line of n characters has ink in at least a column per character).
        return share >= 0.01 && share <= 0.7 && columns >= min(0.3, Double(characters) / Double(area.width))
    }

    /// Where one line of text lies in `box` (a widget's box, wider or taller than the line it
    /// shows): the rectangle around its ink, `margin` pixels around, inside `box`; nil when the box
    /// holds no text-like ink for `characters` characters or holds more than one line of it (two
    /// bands of rows with ink, each at least a third as tall as the tallest: accents, dots and
    /// underlines are thinner).
    static func oneLine(in box: Bounds, characters: Int, image: PixelImage, margin: Int = 2) -> Bounds? {
        let area = box.intersection(Bounds(x: 0, y: 0, width: image.width, height: image.height))
        guard area.width >= 2, area.height >= 4 else { return nil }
        let luminance = luminances(of: area, in: image)
        let background = dominant(luminance)
        var rows = [Int](repeating: 0, count: area.height)
        var minX = area.width, maxX = -1
        for row in 0..<area.height {
            for column in 0..<area.width where abs(Int(luminance[row * area.width + column]) - background) >= contrast {
                rows[row] += 1
                minX = min(minX, column)
                maxX = max(maxX, column)
            }
        }
        guard maxX >= 0, let top = rows.firstIndex(where: { $0 > 0 }), let bottom = rows.lastIndex(where: { $0 > 0 }) else { return nil }
        var bands: [Int] = []
        var run = 0
        for row in top...bottom {
            if rows[row] > 0 { run += 1 } else if run > 0 { bands.append(run); run = 0 }
        }
        if run > 0 { bands.append(run) }
        let tallest = bands.max() ?? 0
        guard bands.filter({ $0 * 3 >= tallest }).count == 1 else { return nil }
        let ink = Bounds(x: area.x + minX - margin, y: area.y + top - margin, width: maxX - minX + 1 + 2 * margin,
                         height: bottom - top + 1 + 2 * margin).intersection(area)
        return holdsText(ink, characters: characters, in: image) ? ink : nil
    }

    /// The box's luminance, row by row.
    private static func luminances(of area: Bounds, in image: PixelImage) -> [UInt8] {
        image.cropped(to: area).luminance().pixels
    }

    /// The most common luminance: the background behind the glyphs, light or dark.
    static func dominant(_ values: [UInt8]) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        for value in values { histogram[Int(value)] += 1 }
        return mostCommon(histogram)
    }

    /// The most common luminance in `area` of an image's luminance `values`, `width` a row.
    static func dominant(_ area: Bounds, in values: [UInt8], width: Int) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { histogram[Int(values[y * width + x])] += 1 }
        }
        return mostCommon(histogram)
    }

    /// The value counted most often (the lighter of equals, 255 when none is).
    static func mostCommon(_ histogram: [Int]) -> Int {
        histogram.indices.max { histogram[$0] < histogram[$1] } ?? 255
    }
}
