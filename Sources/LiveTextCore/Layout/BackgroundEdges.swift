/// Windows told apart from the pixels alone, where nobody says where they are (an image, a
/// screenshot, a Wayland screen): a long vertical edge where the background changes — a light
/// terminal beside a dark browser, a sidebar beside a page — splits the image into columns read
/// apart (`ContentRegions`), as the window geometry of an X11 capture does.
///
/// An edge counts where, on a sampled row, the pixels a little left and a little right of a
/// column differ by more than `contrast` and each side is flat (background, not a glyph's
/// stroke); the column is a separator when such rows run, with gaps of a few pixels at most
/// (through the blank rows between lines), over at least `minimumShare` of the image's height. Text makes only short runs (glyphs
/// are short and lines apart), so a page of one background, with its tables and rules drawn on
/// it, gets no separator; a rule between two areas of the same colour is not one either (a table
/// is not two windows).
public enum BackgroundEdges {
    /// The least luminance step between the two sides.
    static let contrast = 40
    /// How much each side may vary and still be flat.
    static let flatness = 12
    /// The least share of the image's height a separator runs over.
    static let minimumShare = 0.5
    /// The least height in pixels a separator runs over.
    static let minimumHeight = 80
    /// The tallest gap in a separator's run, in pixels. A border runs through the blank rows
    /// between lines of text as well as beside them; the edges of glyphs in a column of
    /// monospace text (an `ls -l` listing) stop between its lines.
    static let maximumGap = 6
    /// Separators this close to each other are one (the two sides of a border).
    static let merging = 6

    /// The image's columns between separators as content regions, left to right; none when there
    /// is no separator. Edges inside `excluded` (the codes found: a QR code's columns of modules
    /// are long vertical edges between flat black and white, not a window's border) do not count.
    public static func regions(of image: PixelImage, excluding excluded: [Bounds] = []) -> ContentRegions {
        let columns = separators(of: image, excluding: excluded)
        guard !columns.isEmpty else { return ContentRegions() }
        let edges = [0] + columns + [image.width]
        return ContentRegions(zip(edges, edges.dropFirst()).map { Bounds(x: $0, y: 0, width: $1 - $0, height: image.height) })
    }

    /// The x of each separator, left to right.
    public static func separators(of image: PixelImage, excluding excluded: [Bounds] = []) -> [Int] {
        let width = image.width, height = image.height
        guard width >= 32, height >= minimumHeight else { return [] }
        let step = 2, reach = 2, side = 4
        let shades = luminance(of: image, everyRow: step)
        let rows = shades.count / width
        let needed = max(minimumHeight, Int(Double(height) * minimumShare)) / step, gap = maximumGap / step
        // Per column, the sampled rows where the pixels it compares touch an excluded area.
        let hidden: [Int: [ClosedRange<Int>]] = excluded.reduce(into: [:]) { hidden, area in
            guard area.width > 0, area.height > 0, area.maxX + side > 0, area.x - side < width else { return }
            let rows = (max(0, area.y) / step)...(max(0, area.maxY - 1) / step)
            for x in max(0, area.x - side)..<min(width, area.maxX + side) { hidden[x, default: []].append(rows) }
        }
        func isEdge(_ x: Int, _ row: Int) -> Bool {
            if let areas = hidden[x], areas.contains(where: { $0.contains(row) }) { return false }
            let at = row * width + x
            let left = Int(shades[at - reach]), right = Int(shades[at + reach])
            return abs(left - right) >= contrast
                && abs(left - Int(shades[at - side])) <= flatness && abs(right - Int(shades[at + side])) <= flatness
        }
        // A column whose run is long enough has an edge on most of every eighth row of it: the
        // full run is looked for only in the columns that do (a pass over a few rows, not all).
        let sparse = Array(stride(from: 0, to: rows, by: 8))
        let candidates = (side..<(width - side)).filter { x in
            sparse.reduce(0) { $0 + (isEdge(x, $1) ? 1 : 0) } * 8 >= needed / 2
        }
        var found: [Int] = []
        for x in candidates {
            var best = 0, run = 0, missed = 0
            for row in 0..<rows {
                if isEdge(x, row) {
                    run += missed + 1
                    missed = 0
                    best = max(best, run)
                } else if run > 0 {
                    missed += 1
                    if missed > gap { run = 0; missed = 0 }
                }
            }
            if best >= needed { found.append(x) }
        }
        // Neighbouring columns see the same edge: one separator in the middle of each cluster,
        // none hugging the image's sides.
        var separators: [Int] = [], cluster: [Int] = []
        for x in found {
            if let last = cluster.last, x - last > merging {
                separators.append(cluster[cluster.count / 2])
                cluster = []
            }
            cluster.append(x)
        }
        if !cluster.isEmpty { separators.append(cluster[cluster.count / 2]) }
        return separators.filter { $0 > 16 && $0 < width - 16 }
    }

    /// The luminance (0–255) of every `everyRow`-th row, whatever the image's format.
    private static func luminance(of image: PixelImage, everyRow step: Int) -> [UInt8] {
        let width = image.width, channels = image.format.bytesPerPixel, rows = (image.height + step - 1) / step
        var out = [UInt8](repeating: 0, count: width * rows)
        image.pixels.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { shades in
                for row in 0..<rows {
                    let from = row * step * image.bytesPerRow, to = row * width
                    if channels < 3 {
                        for x in 0..<width { shades[to + x] = pixels[from + x] }
                        continue
                    }
                    for x in 0..<width {
                        let at = from + x * channels
                        let red = UInt32(pixels[at]) &* 77, green = UInt32(pixels[at + 1]) &* 150
                        let blue = UInt32(pixels[at + 2]) &* 29
                        shades[to + x] = UInt8(truncatingIfNeeded: (red &+ green &+ blue) >> 8)
                    }
                }
            }
        }
        return out
    }
}
