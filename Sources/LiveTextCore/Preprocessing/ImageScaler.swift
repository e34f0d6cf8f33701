/// Resizes `gray8` images with bilinear interpolation (used to enlarge small screen text).
public struct ImageScaler: Sendable {
    public init() {}

    public func scale(_ image: PixelImage, by factor: Double) -> PixelImage {
        precondition(image.format == .gray8)
        let sw = image.width, sh = image.height
        let dw = max(1, Int((Double(sw) * factor).rounded())), dh = max(1, Int((Double(sh) * factor).rounded()))
        if dw == sw && dh == sh { return image }
        // Source coordinate and 8-bit weight of every destination column and row.
        func axis(_ d: Int, _ s: Int) -> ([Int], [Int], [Int]) {
            var i0 = [Int](repeating: 0, count: d), i1 = i0, wt = i0
            let ratio = Double(s) / Double(d)
            for i in 0..<d {
                let f = max(0, (Double(i) + 0.5) * ratio - 0.5)
                let a = min(Int(f), s - 1)
                i0[i] = a; i1[i] = min(a + 1, s - 1); wt[i] = Int(((f - Double(a)) * 256).rounded())
            }
            return (i0, i1, wt)
        }
        let (x0, x1, wx) = axis(dw, sw), (y0, y1, wy) = axis(dh, sh)
        let out = [UInt8](unsafeUninitializedCapacity: dw * dh) { dst, initialized in
            image.pixels.withUnsafeBufferPointer { src in
                for y in 0..<dh {
                    let r0 = y0[y] * sw, r1 = y1[y] * sw, fy = wy[y]
                    for x in 0..<dw {
                        let fx = wx[x]
                        let top = Int(src[r0 + x0[x]]) * (256 - fx) + Int(src[r0 + x1[x]]) * fx
                        let bottom = Int(src[r1 + x0[x]]) * (256 - fx) + Int(src[r1 + x1[x]]) * fx
                        dst[y * dw + x] = UInt8((top * (256 - fy) + bottom * fy + 32768) >> 16)
                    }
                }
            }
            initialized = dw * dh
        }
        return PixelImage(width: dw, height: dh, format: .gray8, pixels: out)
    }

    /// Shrinks by `factor` (below 1), each pixel the mean of the source pixels it covers: large
    /// text brought down to the engine's size keeps its thin strokes, which sampling would skip.
    public func shrink(_ image: PixelImage, by factor: Double) -> PixelImage {
        precondition(image.format == .gray8 && factor > 0 && factor < 1)
        let sw = image.width, sh = image.height
        let dw = max(1, Int((Double(sw) * factor).rounded())), dh = max(1, Int((Double(sh) * factor).rounded()))
        // The source columns and rows each destination column and row covers.
        func spans(_ d: Int, _ s: Int) -> [Range<Int>] {
            (0..<d).map { i in
                let from = min(s - 1, i * s / d), to = max(from + 1, min(s, (i + 1) * s / d))
                return from..<to
            }
        }
        let columns = spans(dw, sw), rows = spans(dh, sh)
        var sums = [Int](repeating: 0, count: dw)
        let out = [UInt8](unsafeUninitializedCapacity: dw * dh) { dst, initialized in
            image.pixels.withUnsafeBufferPointer { src in
                for y in 0..<dh {
                    for x in 0..<dw { sums[x] = 0 }
                    for sy in rows[y] {
                        let row = sy * sw
                        for x in 0..<dw {
                            var sum = 0
                            for sx in columns[x] { sum += Int(src[row + sx]) }
                            sums[x] += sum
                        }
                    }
                    for x in 0..<dw {
                        let count = rows[y].count * columns[x].count
                        dst[y * dw + x] = UInt8((sums[x] + count / 2) / count)
                    }
                }
            }
            initialized = dw * dh
        }
        return PixelImage(width: dw, height: dh, format: .gray8, pixels: out)
    }

    /// Surrounds the image with `margin` pixels of `value`.
    public func pad(_ image: PixelImage, margin: Int, value: UInt8 = 255) -> PixelImage {
        precondition(image.format == .gray8)
        guard margin > 0 else { return image }
        let w = image.width + 2 * margin, h = image.height + 2 * margin
        var out = [UInt8](repeating: value, count: w * h)
        for y in 0..<image.height {
            let d = (y + margin) * w + margin
            out.replaceSubrange(d..<(d + image.width),
                                with: image.pixels[(y * image.width)..<((y + 1) * image.width)])
        }
        return PixelImage(width: w, height: h, format: .gray8, pixels: out)
    }
}
