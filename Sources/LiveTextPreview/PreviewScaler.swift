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
        let count = image.pixelCount
        let out = [UInt8](unsafeUninitializedCapacity: count * 4) { dst, initialized in
            image.pixels.withUnsafeBufferPointer { src in
                for i in 0..<count {
                    let v = src[i]
                    dst[4 * i] = v
                    dst[4 * i + 1] = v
                    dst[4 * i + 2] = v
                    dst[4 * i + 3] = 255
                }
            }
            initialized = count * 4
        }
        return PixelImage(width: image.width, height: image.height, format: .rgba8, pixels: out)
    }

    /// For each output sample, the run of source samples it covers and each one's share of it
    /// (shares sum to 1), packed flat so the loops below touch no nested arrays.
    private struct Taps {
        /// First source sample of each output sample.
        var first: [Int] = []
        /// Offset of each output sample's shares in `weights`; one extra entry closes the last.
        var offsets: [Int] = [0]
        var weights: [Float] = []

        init(from count: Int, to target: Int) {
            let ratio = Double(count) / Double(target)
            for i in 0..<target {
                let start = Double(i) * ratio, end = min(Double(count), Double(i + 1) * ratio)
                let lowest = min(count - 1, Int(start))
                first.append(lowest)
                var s = lowest
                while s < count, Double(s) < end {
                    let overlap = min(end, Double(s + 1)) - max(start, Double(s))
                    weights.append(Float(max(0, overlap) / (end - start)))
                    s += 1
                }
                offsets.append(weights.count)
            }
        }
    }

    /// Box-filter resampling of packed rgba8, rows first then columns.
    private static func resample(_ source: [UInt8], inW: Int, inH: Int, outW: Int, outH: Int) -> [UInt8] {
        let across = Taps(from: inW, to: outW), down = Taps(from: inH, to: outH)
        var rows = [Float](repeating: 0, count: outW * inH * 3)
        source.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { mid in
                across.first.withUnsafeBufferPointer { first in
                    across.offsets.withUnsafeBufferPointer { offsets in
                        across.weights.withUnsafeBufferPointer { weights in
                            for y in 0..<inH {
                                let line = y * inW * 4, outLine = y * outW * 3
                                for x in 0..<outW {
                                    var r: Float = 0, g: Float = 0, b: Float = 0
                                    var o = line + first[x] * 4
                                    for k in offsets[x]..<offsets[x + 1] {
                                        let w = weights[k]
                                        r += Float(src[o]) * w
                                        g += Float(src[o + 1]) * w
                                        b += Float(src[o + 2]) * w
                                        o += 4
                                    }
                                    let m = outLine + x * 3
                                    mid[m] = r
                                    mid[m + 1] = g
                                    mid[m + 2] = b
                                }
                            }
                        }
                    }
                }
            }
        }
        var out = [UInt8](repeating: 255, count: outW * outH * 4)
        rows.withUnsafeBufferPointer { mid in
            out.withUnsafeMutableBufferPointer { dst in
                down.first.withUnsafeBufferPointer { first in
                    down.offsets.withUnsafeBufferPointer { offsets in
                        down.weights.withUnsafeBufferPointer { weights in
                            for y in 0..<outH {
                                for x in 0..<outW {
                                    var r: Float = 0, g: Float = 0, b: Float = 0
                                    var m = (first[y] * outW + x) * 3
                                    for k in offsets[y]..<offsets[y + 1] {
                                        let w = weights[k]
                                        r += mid[m] * w
                                        g += mid[m + 1] * w
                                        b += mid[m + 2] * w
                                        m += outW * 3
                                    }
                                    let o = (y * outW + x) * 4
                                    dst[o] = UInt8(min(255, max(0, r.rounded())))
                                    dst[o + 1] = UInt8(min(255, max(0, g.rounded())))
                                    dst[o + 2] = UInt8(min(255, max(0, b.rounded())))
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
