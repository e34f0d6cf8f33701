import LiveTextCore

/// A capture fitted into the preview: the rgba8 image and the factors that map capture pixels
/// onto it.
public struct ScaledCapture: Sendable {
    /// The preview-sized image, always rgba8.
    public let image: PixelImage
    /// Preview pixels per capture pixel, across and down (equal but for rounding; at most 1).
    public let scaleX: Double
    public let scaleY: Double

    /// `bounds` (capture pixels) in preview pixels: the smallest whole-pixel rectangle covering
    /// the scaled rectangle, clamped to the image.
    public func map(_ bounds: Bounds) -> Bounds {
        let x0 = Int((Double(bounds.x) * scaleX).rounded(.down))
        let y0 = Int((Double(bounds.y) * scaleY).rounded(.down))
        let x1 = Int((Double(bounds.maxX) * scaleX).rounded(.up))
        let y1 = Int((Double(bounds.maxY) * scaleY).rounded(.up))
        return Bounds(x: x0, y: y0, width: x1 - x0, height: y1 - y0).clamped(width: image.width, height: image.height)
    }
}

/// Fits a capture into a maximum preview size, keeping its aspect and never enlarging it.
/// Downscaling averages each preview pixel's whole source area, so small text stays legible.
public enum PreviewScaler {
    /// `image` (gray8 or rgba8) scaled to fit `maxWidth` × `maxHeight` (each at least 1).
    public static func fit(_ image: PixelImage, maxWidth: Int, maxHeight: Int) -> ScaledCapture {
        let maxW = max(1, maxWidth), maxH = max(1, maxHeight)
        let inW = image.width, inH = image.height
        let scale = min(1, Double(maxW) / Double(max(1, inW)), Double(maxH) / Double(max(1, inH)))
        let outW = max(1, min(maxW, Int((Double(inW) * scale).rounded())))
        let outH = max(1, min(maxH, Int((Double(inH) * scale).rounded())))
        guard inW > 0, inH > 0 else {
            // Nothing to average: an empty capture gives one white pixel.
            let white = PixelImage(width: 1, height: 1, format: .rgba8, pixels: [255, 255, 255, 255])
            return ScaledCapture(image: white, scaleX: 1, scaleY: 1)
        }
        let rgba = rgba8(image)
        guard outW != inW || outH != inH else { return ScaledCapture(image: rgba, scaleX: 1, scaleY: 1) }
        let pixels = resample(rgba.pixels, inW: inW, inH: inH, outW: outW, outH: outH)
        return ScaledCapture(image: PixelImage(width: outW, height: outH, format: .rgba8, pixels: pixels),
                             scaleX: Double(outW) / Double(inW), scaleY: Double(outH) / Double(inH))
    }

    /// `image` as rgba8 (grey spread over the three colours, alpha opaque).
    static func rgba8(_ image: PixelImage) -> PixelImage {
        guard image.format == .gray8 else { return image }
        var out = [UInt8](repeating: 255, count: image.pixelCount * 4)
        for (i, v) in image.pixels.enumerated() {
            out[4 * i] = v
            out[4 * i + 1] = v
            out[4 * i + 2] = v
        }
        return PixelImage(width: image.width, height: image.height, format: .rgba8, pixels: out)
    }

    /// Each output sample's source pixels and their share of it (shares sum to 1).
    private static func taps(from count: Int, to target: Int) -> [[(index: Int, weight: Float)]] {
        let ratio = Double(count) / Double(target)
        return (0..<target).map { i in
            let start = Double(i) * ratio, end = min(Double(count), Double(i + 1) * ratio)
            var taps = [(index: Int, weight: Float)]()
            var s = Int(start)
            while Double(s) < end, s < count {
                let overlap = min(end, Double(s + 1)) - max(start, Double(s))
                if overlap > 0 { taps.append((s, Float(overlap / (end - start)))) }
                s += 1
            }
            return taps
        }
    }

    /// Box-filter resampling of packed rgba8, rows first then columns.
    private static func resample(_ source: [UInt8], inW: Int, inH: Int, outW: Int, outH: Int) -> [UInt8] {
        let across = taps(from: inW, to: outW), down = taps(from: inH, to: outH)
        var rows = [Float](repeating: 0, count: outW * inH * 4)
        source.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { mid in
                for y in 0..<inH {
                    let line = y * inW * 4, outLine = y * outW * 4
                    for x in 0..<outW {
                        var r: Float = 0, g: Float = 0, b: Float = 0
                        for tap in across[x] {
                            let o = line + tap.index * 4
                            r += Float(src[o]) * tap.weight
                            g += Float(src[o + 1]) * tap.weight
                            b += Float(src[o + 2]) * tap.weight
                        }
                        let o = outLine + x * 4
                        mid[o] = r
                        mid[o + 1] = g
                        mid[o + 2] = b
                    }
                }
            }
        }
        var out = [UInt8](repeating: 255, count: outW * outH * 4)
        rows.withUnsafeBufferPointer { mid in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<outH {
                    for x in 0..<outW {
                        var r: Float = 0, g: Float = 0, b: Float = 0
                        for tap in down[y] {
                            let o = (tap.index * outW + x) * 4
                            r += mid[o] * tap.weight
                            g += mid[o + 1] * tap.weight
                            b += mid[o + 2] * tap.weight
                        }
                        let o = (y * outW + x) * 4
                        dst[o] = UInt8(min(255, max(0, r.rounded())))
                        dst[o + 1] = UInt8(min(255, max(0, g.rounded())))
                        dst[o + 2] = UInt8(min(255, max(0, b.rounded())))
                    }
                }
            }
        }
        return out
    }
}
