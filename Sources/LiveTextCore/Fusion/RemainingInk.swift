/// Where an image still holds ink: the rectangle around every pixel far (`InkCheck.contrast`)
/// from the background of the part it lies in (each window of a screen has its own paper; the
/// bare desktop is one more part). A uniform part holds none, however dark.
enum RemainingInk {
    /// The rectangle around the ink of every part of `image` (`regions`: topmost first), nil
    /// when there is none.
    static func area(in image: PixelImage, regions: ContentRegions) -> Bounds? {
        area(luminance: image.luminance().pixels, width: image.width, height: image.height, regions: regions)
    }

    /// The same over an image's `luminance` (`width` × `height`, row by row).
    static func area(luminance: [UInt8], width: Int, height: Int, regions: ContentRegions) -> Bounds? {
        guard width > 0, height > 0 else { return nil }
        // The part of each pixel: the bare desktop, then the windows painted bottom up.
        let parts = regions.rects.count + 1
        var owner = [Int](repeating: regions.rects.count, count: width * height)
        let page = Bounds(x: 0, y: 0, width: width, height: height)
        for (index, rect) in regions.rects.enumerated().reversed() {
            let shown = rect.intersection(page)
            guard !shown.isEmpty else { continue }
            for y in shown.y..<shown.maxY {
                for x in shown.x..<shown.maxX { owner[y * width + x] = index }
            }
        }
        var histograms = [Int](repeating: 0, count: parts * 256)
        for index in 0..<width * height { histograms[owner[index] * 256 + Int(luminance[index])] += 1 }
        let backgrounds = (0..<parts).map { InkCheck.mostCommon(Array(histograms[$0 * 256..<($0 + 1) * 256])) }
        var found: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                guard abs(Int(luminance[index]) - backgrounds[owner[index]]) >= InkCheck.contrast else { continue }
                if let box = found {
                    found = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                } else {
                    found = (x, y, x, y)
                }
            }
        }
        return found.map { Bounds(x: $0.minX, y: $0.minY, width: $0.maxX - $0.minX + 1, height: $0.maxY - $0.minY + 1) }
    }
}
