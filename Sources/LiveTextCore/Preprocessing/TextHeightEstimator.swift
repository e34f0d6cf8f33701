/// Estimates the typical glyph height of the text in a normalized (dark on white) image.
///
/// Labels the 8-connected ink components run by run and takes the median height of those shaped
/// like glyphs; rules, boxes, icons and specks are left out.
public struct TextHeightEstimator: Sendable {
    /// Pixels darker than this are ink.
    public var inkThreshold: UInt8 = 128

    public init() {}

    /// The typical glyph height in pixels (the mean of the middle half of all glyph heights, so
    /// it falls between whole pixels), or nil when too few glyph-like shapes were found.
    public func medianGlyphHeight(of image: PixelImage) -> Double? {
        medianGlyphHeight(ofGlyphs: glyphBoxes(of: image))
    }

    /// The same from glyph boxes already found (`glyphBoxes(of:)`); large art (over 150 px) is
    /// left out, as screens' icons and pictures are.
    public func medianGlyphHeight(ofGlyphs boxes: [Bounds]) -> Double? {
        let heights = boxes.map(\.height).filter { $0 <= 150 }
        guard heights.count >= 3 else { return nil }
        let sorted = heights.sorted()
        let middle = sorted[(sorted.count / 4)..<max(sorted.count / 4 + 1, sorted.count * 3 / 4)]
        return Double(middle.reduce(0, +)) / Double(middle.count)
    }

    /// Heights of the glyph-shaped ink components up to 150 px.
    func glyphHeights(of image: PixelImage) -> [Int] {
        glyphBoxes(of: image).map(\.height).filter { $0 <= 150 }
    }

    /// The boxes of the glyph-shaped ink components, at most a third of the image high: specks,
    /// rules, underlines, touching words and vertical separators left out.
    public func glyphBoxes(of image: PixelImage) -> [Bounds] {
        precondition(image.format == .gray8)
        let w = image.width, h = image.height
        var runX0 = [Int32](), runX1 = [Int32](), runY = [Int32]()
        var parent = [Int32]()

        func find(_ i: Int32) -> Int32 {
            var i = i
            while parent[Int(i)] != i {
                parent[Int(i)] = parent[Int(parent[Int(i)])]
                i = parent[Int(i)]
            }
            return i
        }

        var previousStart = 0, previousEnd = 0
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<h {
                let rowStart = runX0.count
                var x = 0
                let row = y * w
                while x < w {
                    if px[row + x] < inkThreshold {
                        let start = x
                        while x < w && px[row + x] < inkThreshold { x += 1 }
                        let id = Int32(runX0.count)
                        runX0.append(Int32(start)); runX1.append(Int32(x - 1)); runY.append(Int32(y))
                        parent.append(id)
                        // Join with overlapping runs of the row above (8-connected).
                        var p = previousStart
                        while p < previousEnd {
                            if runX0[p] <= Int32(x) && runX1[p] >= Int32(start - 1) {
                                let a = find(id), b = find(Int32(p))
                                if a != b { parent[Int(max(a, b))] = min(a, b) }
                            }
                            p += 1
                        }
                    } else {
                        x += 1
                    }
                }
                previousStart = rowStart
                previousEnd = runX0.count
            }
        }

        var minX = [Int32](repeating: .max, count: runX0.count)
        var maxX = [Int32](repeating: .min, count: runX0.count)
        var minY = [Int32](repeating: .max, count: runX0.count)
        var maxY = [Int32](repeating: .min, count: runX0.count)
        for i in 0..<runX0.count {
            let root = Int(find(Int32(i)))
            minX[root] = min(minX[root], runX0[i]); maxX[root] = max(maxX[root], runX1[i])
            minY[root] = min(minY[root], runY[i]); maxY[root] = max(maxY[root], runY[i])
        }
        var boxes = [Bounds]()
        let tallest = max(150, h / 3)
        for i in 0..<runX0.count where parent[i] == Int32(i) {
            let cw = Int(maxX[i] - minX[i]) + 1, ch = Int(maxY[i] - minY[i]) + 1
            guard ch >= 3, ch <= tallest else { continue }  // specks, art
            guard cw <= 4 * ch + 2 else { continue }        // rules, underlines, touching words
            guard !(cw <= 2 && ch > 40) else { continue }   // vertical separators
            boxes.append(Bounds(x: Int(minX[i]), y: Int(minY[i]), width: cw, height: ch))
        }
        return boxes
    }
}
