import Foundation
import LiveTextCore

extension Quad {
    /// Whether `point` (image pixels) is on it: for level text as `Bounds.contains` (left and top
    /// edges in, right and bottom out), for tilted text inside its four sides.
    public func contains(_ point: PixelPoint) -> Bool {
        isLevel ? bounds.contains(point) : contains(x: point.x, y: point.y)
    }

    /// Fills that cover it: its one rectangle for level text; for tilted text, columns narrow
    /// enough that its top and bottom move at most a pixel across each, each as high as it is
    /// there (no overlap, so a translucent colour stays even).
    public func fills(_ color: LiveColor) -> [LivePaint] {
        if isLevel { return [.fill(bounds, color)] }
        return columns().compactMap { column in
            guard let span = verticalSpan(atX: Double(column.lowerBound + column.upperBound) / 2) else { return nil }
            let top = Int(span.lowerBound.rounded()), bottom = Int(span.upperBound.rounded())
            guard bottom > top else { return nil }
            return .fill(Bounds(x: column.lowerBound, y: top, width: column.count, height: bottom - top), color)
        }
    }

    /// An underline `thickness` pixels thick along its bottom edge, just below it: one fill for
    /// level text (its bounds' width, at its bottom), a run of short ones following a tilted edge.
    public func underline(_ color: LiveColor, thickness: Int = 2) -> [LivePaint] {
        if isLevel { return [.fill(Bounds(x: bounds.x, y: bounds.maxY, width: bounds.width, height: thickness), color)] }
        let from = bottomLeft, to = bottomRight
        guard to.x != from.x else { return [] }
        let left = min(from.x, to.x), right = max(from.x, to.x)
        return columns(from: left, to: right).map { column in
            let t = (Double(column.lowerBound + column.upperBound) / 2 - from.x) / (to.x - from.x)
            let y = from.y + (to.y - from.y) * min(1, max(0, t))
            return .fill(Bounds(x: column.lowerBound, y: Int(y.rounded()), width: column.count, height: thickness), color)
        }
    }

    /// Whole-pixel columns across `from`–`to` (its bounds' width by default), each as wide as the
    /// slope lets its edges rise or fall by one pixel.
    private func columns(from: Double? = nil, to: Double? = nil) -> [Range<Int>] {
        let start = Int((from ?? Double(bounds.x)).rounded(.down)), end = Int((to ?? Double(bounds.maxX)).rounded(.up))
        let slope = abs(tan(angle))
        let width = slope < 1e-6 ? max(1, end - start) : max(1, Int((1 / slope).rounded(.down)))
        return stride(from: start, to: end, by: width).map { $0..<min(end, $0 + width) }
    }

    /// Where a vertical line at `x` crosses it, top to bottom; nil when it does not.
    private func verticalSpan(atX x: Double) -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        let points = corners
        for index in 0..<4 {
            let a = points[index], b = points[(index + 1) % 4]
            guard min(a.x, b.x) <= x, x <= max(a.x, b.x) else { continue }
            let y = a.x == b.x ? min(a.y, b.y) : a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)
            let y2 = a.x == b.x ? max(a.y, b.y) : y
            low = min(low, y, y2); high = max(high, y, y2)
        }
        return low <= high ? low...high : nil
    }
}
