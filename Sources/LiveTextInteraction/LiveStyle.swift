import LiveTextCore

/// The colours of the live surface.
public enum LiveStyle {
    public static let reading = LiveColor(red: 0x1e, green: 0x90, blue: 0xff, alpha: 160)
    public static let failure = LiveColor(red: 0xe0, green: 0x30, blue: 0x30, alpha: 200)
    public static let selection = LiveColor(red: 0x1e, green: 0x90, blue: 0xff, alpha: 90)
    public static let item = LiveColor(red: 0xff, green: 0xb0, blue: 0x00, alpha: 230)
    public static let dim = LiveColor(red: 0, green: 0, blue: 0, alpha: 110)
    /// The thin frame around each line while everything is shown.
    public static let lit = LiveColor(red: 0xff, green: 0xff, blue: 0xff, alpha: 120)
    public static let control = LiveColor(red: 0xf4, green: 0xf4, blue: 0xf4, alpha: 235)
    public static let controlStroke = LiveColor(red: 0x80, green: 0x80, blue: 0x80)
    public static let ink = LiveColor(red: 0x20, green: 0x20, blue: 0x20)
    public static let accent = LiveColor(red: 0x1e, green: 0x78, blue: 0xe6)
    /// The caret the keys move.
    public static let caret = LiveColor(red: 0x1e, green: 0x78, blue: 0xe6)
    /// The ring around the item or code Tab moved to.
    public static let focus = LiveColor(red: 0x1e, green: 0x78, blue: 0xe6)

    /// The focus ring around `rect`: a 2-pixel frame 3 pixels outside it.
    public static func focusRing(around rect: Bounds) -> LivePaint {
        .frame(Bounds(x: rect.x - 3, y: rect.y - 3, width: rect.width + 6, height: rect.height + 6), focus, width: 2)
    }

    /// The Live Text button: a square with corner brackets around three lines of "text", filled
    /// with the accent colour while it is on.
    public static func button(_ frame: Bounds, on: Bool, metrics: InterfaceMetrics) -> [LivePaint] {
        let ink = on ? LiveColor(red: 0xff, green: 0xff, blue: 0xff) : Self.ink
        var paints: [LivePaint] = [.fill(frame, on ? accent : control), .frame(frame, controlStroke, width: metrics.pixels(1))]
        let inset = metrics.pixels(5), arm = metrics.pixels(4), weight = metrics.pixels(2)
        let left = frame.x + inset, top = frame.y + inset, right = frame.maxX - inset, bottom = frame.maxY - inset
        for (x, y, dx, dy) in [(left, top, 1, 1), (right, top, -1, 1), (left, bottom, 1, -1), (right, bottom, -1, -1)] {
            paints.append(.fill(Bounds(x: dx > 0 ? x : x - arm, y: dy > 0 ? y : y - weight, width: arm, height: weight), ink))
            paints.append(.fill(Bounds(x: dx > 0 ? x : x - weight, y: dy > 0 ? y : y - arm, width: weight, height: arm), ink))
        }
        let lineX = left + metrics.pixels(3), full = right - left - metrics.pixels(6)
        for (row, length) in [(4, full), (6, full), (8, full * 2 / 3)] {
            paints.append(.fill(Bounds(x: lineX, y: top + metrics.pixels(row), width: length, height: metrics.pixels(1)), ink))
        }
        return paints
    }

    /// Everything found shown (the Live Text button on): `area` dimmed but for the `lines`,
    /// which keep their own pixels, each in a thin light frame. A light band laid over each line
    /// washed out light text on a dark terminal (grey on grey); pixels left as they were are as
    /// legible as the user's own colours make them, dark on light or light on dark. The dimming
    /// is cut into rectangles around the lines (row bands between their edges, runs of a band
    /// between the lines in it, bands alike merged), so no pixel is blended twice.
    public static func showingAll(_ lines: [Bounds], in area: Bounds, metrics: InterfaceMetrics = .standard) -> [LivePaint] {
        let holes = lines.map { $0.intersection(area) }.filter { !$0.isEmpty }
        let edges = Set([area.y, area.maxY] + holes.flatMap { [$0.y, $0.maxY] }).sorted()
        var dims: [Bounds] = [], previous: (gaps: [ClosedRange<Int>], indices: [Int])?
        for (top, bottom) in zip(edges, edges.dropFirst()) where bottom > top {
            let spans = holes.filter { $0.y <= top && $0.maxY >= bottom }.map { ($0.x, $0.maxX) }.sorted { $0 < $1 }
            var gaps: [ClosedRange<Int>] = [], x = area.x
            for (start, end) in spans {
                if start > x { gaps.append(x...(start - 1)) }
                x = max(x, end)
            }
            if x < area.maxX { gaps.append(x...(area.maxX - 1)) }
            if let last = previous, last.gaps == gaps {
                // The same runs as the band above: those rectangles grow down.
                for index in last.indices { dims[index].height = bottom - dims[index].y }
                continue
            }
            let first = dims.count
            dims += gaps.map { Bounds(x: $0.lowerBound, y: top, width: $0.count, height: bottom - top) }
            previous = (gaps, Array(first..<dims.count))
        }
        return dims.map { .fill($0, dim) } + holes.map { .frame($0, lit, width: metrics.pixels(1)) }
    }
}
