/// Turns any screen content into dark ink on a white page, locally.
///
/// Screens mix light and dark panels, coloured bars and grey-on-grey labels; a recognizer that
/// thresholds the whole page once loses some of them and reads light-on-dark text slowly. This
/// estimates the background of every 8×8 block (the most common shade in a window around it),
/// then maps each pixel to its colour distance from the nearest background it could belong to,
/// stretched by the local contrast. Background becomes 255, the strongest ink 0, whatever the
/// polarity or colours were.
public struct BackgroundNormalizer: Sendable {
    /// Side of the blocks backgrounds are estimated for.
    public var blockSize = 8
    /// The window, in blocks each side, that votes for a block's background.
    public var windowRadius = 2
    /// Distances below this never reach full ink, so noise in flat areas stays faint.
    public var minimumContrast = 48

    public init() {}

    public func normalize(_ image: PixelImage) -> PixelImage {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return image }
        let gray = image.luminance()
        let b = blockSize, bw = (w + b - 1) / b, bh = (h + b - 1) / b
        let blocks = bw * bh
        let hist = histograms(gray.pixels, width: w, height: h, blocksWide: bw, blocksHigh: bh)
        // The wide window outvotes the ink of text; the narrow one (kept only where one shade
        // covers most of it) follows small panels: fields, buttons, highlighted rows.
        let wide = windowModes(hist, radius: windowRadius, blocksWide: bw, blocksHigh: bh)
        let narrow = windowModes(hist, radius: 1, blocksWide: bw, blocksHigh: bh)
        let wideColors = backgroundColors(image, gray: gray.pixels, modes: wide.map(\.bin), blocksWide: bw)
        let narrowColors = backgroundColors(image, gray: gray.pixels, modes: narrow.map(\.bin), blocksWide: bw)

        // Candidates per block: its own backgrounds and its 4 neighbours' when they differ.
        var candidates = [[RGB]](repeating: [], count: blocks)
        for by in 0..<bh {
            for bx in 0..<bw {
                var list = [RGB]()
                for (dx, dy) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let nx = bx + dx, ny = by + dy
                    guard nx >= 0, ny >= 0, nx < bw, ny < bh else { continue }
                    let n = ny * bw + nx
                    var options = [wideColors[n]]
                    if narrow[n].share >= 0.8 { options.append(narrowColors[n]) }
                    for c in options where !list.contains(where: { $0.distance(to: c) < 6 }) { list.append(c) }
                }
                candidates[by * bw + bx] = list
            }
        }

        // Distance of every pixel to its background, and the strongest distance per block.
        var distance = [UInt8](repeating: 0, count: w * h)
        var blockMax = [Int](repeating: 0, count: blocks)
        let isColor = image.format == .rgba8
        image.pixels.withUnsafeBufferPointer { src in
            gray.pixels.withUnsafeBufferPointer { lum in
                distance.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<h {
                        let rowBlock = (y / b) * bw
                        for x in 0..<w {
                            let block = rowBlock + x / b
                            let p = RGB(isColor ? (Int(src[4 * (y * w + x)]), Int(src[4 * (y * w + x) + 1]),
                                                   Int(src[4 * (y * w + x) + 2]))
                                                : (Int(lum[y * w + x]), Int(lum[y * w + x]), Int(lum[y * w + x])))
                            var best = 255
                            for c in candidates[block] {
                                let d = p.distance(to: c)
                                if d < best { best = d }
                            }
                            dst[y * w + x] = UInt8(best)
                            if best > blockMax[block] { blockMax[block] = best }
                        }
                    }
                }
            }
        }

        // Local contrast: the strongest ink in the window around each block.
        let contrast = windowMax(blockMax, blocksWide: bw, blocksHigh: bh)
        var out = [UInt8](repeating: 255, count: w * h)
        distance.withUnsafeBufferPointer { d in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let rowBlock = (y / b) * bw
                    for x in 0..<w {
                        let c = max(contrast[rowBlock + x / b], minimumContrast)
                        let ink = min(255, Int(d[y * w + x]) * 255 / c)
                        dst[y * w + x] = UInt8(255 - ink)
                    }
                }
            }
        }
        return PixelImage(width: w, height: h, format: .gray8, pixels: out)
    }

    // MARK: - Steps

    static let bins = 64

    /// A 64-bin (4 levels each) histogram of the shades of every block.
    private func histograms(_ gray: [UInt8], width w: Int, height h: Int,
                            blocksWide bw: Int, blocksHigh bh: Int) -> [UInt32] {
        let bins = Self.bins, b = blockSize
        var hist = [UInt32](repeating: 0, count: bw * bh * bins)
        gray.withUnsafeBufferPointer { g in
            hist.withUnsafeMutableBufferPointer { hst in
                for y in 0..<h {
                    let rowBlock = (y / b) * bw
                    for x in 0..<w {
                        hst[(rowBlock + x / b) * bins + Int(g[y * w + x] >> 2)] += 1
                    }
                }
            }
        }
        return hist
    }

    /// The most common shade in the window of `radius` blocks around every block, and the share
    /// of the window's pixels within one bin of it.
    private func windowModes(_ hist: [UInt32], radius r: Int, blocksWide bw: Int,
                             blocksHigh bh: Int) -> [(bin: Int, share: Double)] {
        let bins = Self.bins
        var horizontal = [UInt32](repeating: 0, count: hist.count)
        for by in 0..<bh {
            for bx in 0..<bw {
                let o = (by * bw + bx) * bins
                for nx in max(0, bx - r)...min(bw - 1, bx + r) {
                    let s = (by * bw + nx) * bins
                    for k in 0..<bins { horizontal[o + k] &+= hist[s + k] }
                }
            }
        }
        var modes = [(bin: Int, share: Double)](repeating: (0, 0), count: bw * bh)
        var window = [UInt32](repeating: 0, count: bins)
        for by in 0..<bh {
            for bx in 0..<bw {
                for k in 0..<bins { window[k] = 0 }
                for ny in max(0, by - r)...min(bh - 1, by + r) {
                    let s = (ny * bw + bx) * bins
                    for k in 0..<bins { window[k] &+= horizontal[s + k] }
                }
                var best = 0, total: UInt32 = 0
                for k in 0..<bins {
                    total &+= window[k]
                    if window[k] > window[best] { best = k }
                }
                let near = window[best] + (best > 0 ? window[best - 1] : 0) + (best < bins - 1 ? window[best + 1] : 0)
                modes[by * bw + bx] = (best, total > 0 ? Double(near) / Double(total) : 0)
            }
        }
        return modes
    }

    /// The mean colour of each block's pixels in its window's mode shade.
    private func backgroundColors(_ image: PixelImage, gray: [UInt8], modes: [Int],
                                  blocksWide bw: Int) -> [RGB] {
        let w = image.width, h = image.height, b = blockSize
        var sums = [(Int, Int, Int, Int)](repeating: (0, 0, 0, 0), count: modes.count)
        let isColor = image.format == .rgba8
        for y in 0..<h {
            let rowBlock = (y / b) * bw
            for x in 0..<w {
                let block = rowBlock + x / b
                let bin = Int(gray[y * w + x] >> 2)
                guard abs(bin - modes[block]) <= 1 else { continue }
                let i = y * w + x
                if isColor {
                    sums[block].0 += Int(image.pixels[4 * i])
                    sums[block].1 += Int(image.pixels[4 * i + 1])
                    sums[block].2 += Int(image.pixels[4 * i + 2])
                } else {
                    let v = Int(gray[i])
                    sums[block].0 += v; sums[block].1 += v; sums[block].2 += v
                }
                sums[block].3 += 1
            }
        }
        return zip(sums, modes).map { sum, mode in
            if sum.3 == 0 { let v = mode * 4 + 2; return RGB((v, v, v)) }
            return RGB((sum.0 / sum.3, sum.1 / sum.3, sum.2 / sum.3))
        }
    }

    private func windowMax(_ values: [Int], blocksWide bw: Int, blocksHigh bh: Int) -> [Int] {
        let r = windowRadius
        var horizontal = values
        for by in 0..<bh {
            for bx in 0..<bw {
                var m = 0
                for nx in max(0, bx - r)...min(bw - 1, bx + r) { m = max(m, values[by * bw + nx]) }
                horizontal[by * bw + bx] = m
            }
        }
        var out = horizontal
        for by in 0..<bh {
            for bx in 0..<bw {
                var m = 0
                for ny in max(0, by - r)...min(bh - 1, by + r) { m = max(m, horizontal[ny * bw + bx]) }
                out[by * bw + bx] = m
            }
        }
        return out
    }
}

/// A colour, for distances between pixels and backgrounds.
struct RGB: Sendable, Hashable {
    var r: Int, g: Int, b: Int
    init(_ c: (Int, Int, Int)) { (r, g, b) = c }

    /// The luminance difference, or half the largest per-channel difference when that is more:
    /// a colour as bright as its background still reads as ink, while the coloured fringes of
    /// subpixel-rendered text do not make glyphs bold.
    @inline(__always)
    func distance(to o: RGB) -> Int {
        let luminance = abs(299 * (r - o.r) + 587 * (g - o.g) + 114 * (b - o.b)) / 1000
        return max(luminance, max(abs(r - o.r), abs(g - o.g), abs(b - o.b)) / 2)
    }
}
