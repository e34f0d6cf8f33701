import LiveTextCore

/// Pixels through a `ViewTransform`: the image as the viewer shows it (nearest neighbour, the
/// backdrop around it), and pictures drawn in image pixels scaled into the view.
public enum ViewRenderer {
    /// `image` as rgba8 (gray expanded), unchanged when it already is.
    public static func rgba(_ image: PixelImage) -> PixelImage {
        guard image.format == .gray8 else { return image }
        var out = [UInt8](repeating: 255, count: image.pixelCount * 4)
        for index in 0..<image.pixelCount {
            let value = image.pixels[index]
            out[index * 4] = value
            out[index * 4 + 1] = value
            out[index * 4 + 2] = value
        }
        return PixelImage(width: image.width, height: image.height, format: .rgba8, pixels: out)
    }

    /// The view's `area` (view pixels): each pixel the pixel of `source` (rgba8, its top-left at
    /// `sourceX`, `sourceY` in image pixels) under its centre, `outside` (4 bytes) where none is.
    public static func render(_ source: PixelImage, atX sourceX: Int = 0, y sourceY: Int = 0, through view: ViewTransform,
                       area: Bounds, outside: [UInt8]) -> PixelImage {
        precondition(source.format == .rgba8 && outside.count == 4)
        // The source column and row under each view column and row, -1 outside.
        func lookup(_ start: Int, _ count: Int, origin: Double, offset: Int, size: Int) -> [Int] {
            (start..<start + count).map { position in
                let at = Int(((Double(position) + 0.5 - origin) / view.scale).rounded(.down)) - offset
                return at >= 0 && at < size ? at : -1
            }
        }
        let columns = lookup(area.x, area.width, origin: view.origin.x, offset: sourceX, size: source.width)
        let rows = lookup(area.y, area.height, origin: view.origin.y, offset: sourceY, size: source.height)
        var out = [UInt8](repeating: 0, count: area.width * area.height * 4)
        let rowBytes = area.width * 4
        out.withUnsafeMutableBufferPointer { buffer in
            source.pixels.withUnsafeBufferPointer { pixels in
                var at = 0
                for (index, row) in rows.enumerated() {
                    // Zoomed in, a view row often shows the same source row as the one above it.
                    if index > 0, row == rows[index - 1] {
                        let base = buffer.baseAddress!
                        (base + at).update(from: base + at - rowBytes, count: rowBytes)
                        at += rowBytes
                        continue
                    }
                    for column in columns {
                        if row >= 0, column >= 0 {
                            let from = row * source.bytesPerRow + column * 4
                            buffer[at] = pixels[from]
                            buffer[at + 1] = pixels[from + 1]
                            buffer[at + 2] = pixels[from + 2]
                            buffer[at + 3] = pixels[from + 3]
                        } else {
                            buffer[at] = outside[0]
                            buffer[at + 1] = outside[1]
                            buffer[at + 2] = outside[2]
                            buffer[at + 3] = outside[3]
                        }
                        at += 4
                    }
                }
            }
        }
        return PixelImage(width: area.width, height: area.height, format: .rgba8, pixels: out)
    }
}
