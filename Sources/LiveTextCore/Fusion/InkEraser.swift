/// Paints boxes out of an image: each filled with its own background (the most common colour in
/// it), so that the OCR's layout sees blank paper where text is already known. Up to `margin`
/// pixels around a box are painted too, but only those already close to its background (the
/// faint edges of its glyphs), never the ink of text beside it.
enum InkEraser {
    /// Pixels around a box that may be painted when they are background-like.
    static let margin = 2

    /// `image` with `boxes` (clipped to it) painted out.
    static func erasing(_ boxes: [Bounds], in image: PixelImage) -> PixelImage {
        erased(boxes, in: image).image
    }

    /// The same, with the luminance of the painted image (`PixelImage.luminance`'s pixels), painted
    /// as the image is: what `RemainingInk` reads, without converting the whole image again.
    static func erased(_ boxes: [Bounds], in image: PixelImage) -> (image: PixelImage, luminance: [UInt8]) {
        let page = Bounds(x: 0, y: 0, width: image.width, height: image.height)
        var out = image
        let luminance = image.luminance().pixels
        var painted = luminance
        let bytes = image.format.bytesPerPixel
        for box in boxes {
            let area = box.intersection(page)
            guard !area.isEmpty else { continue }
            let background = InkCheck.dominant(area, in: luminance, width: image.width)
            // The colour of the first pixel with the background's luminance: the paper's.
            var fill = [UInt8](repeating: UInt8(background), count: bytes)
            search: for y in area.y..<area.maxY {
                for x in area.x..<area.maxX where Int(luminance[y * image.width + x]) == background {
                    let at = (y * image.width + x) * bytes
                    fill = Array(image.pixels[at..<at + bytes])
                    break search
                }
            }
            let fillLuminance = PixelImage(width: 1, height: 1, format: image.format, pixels: fill).luminance().pixels[0]
            let around = Bounds(x: area.x - margin, y: area.y - margin, width: area.width + 2 * margin,
                                height: area.height + 2 * margin).intersection(page)
            for y in around.y..<around.maxY {
                for x in around.x..<around.maxX {
                    let index = y * image.width + x
                    guard area.contains(x: x, y: y)
                        || abs(Int(luminance[index]) - background) < InkCheck.contrast else { continue }
                    for byte in 0..<bytes { out.pixels[index * bytes + byte] = fill[byte] }
                    painted[index] = fillLuminance
                }
            }
        }
        return (out, painted)
    }
}
