import LiveTextCore

/// A point in pixels, origin top-left, fractional where a view maps it (a zoomed image, a HiDPI
/// canvas): on the canvas for the interface's controls, in image pixels for the analysis.
public struct PixelPoint: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public init(x: Int, y: Int) {
        self.init(x: Double(x), y: Double(y))
    }

    public var description: String { "(\(x), \(y))" }
}

extension Bounds {
    /// Whether `point` lies inside: left and top edges in, right and bottom edges out, as for
    /// `contains(x:y:)` with whole pixels.
    public func contains(_ point: PixelPoint) -> Bool {
        point.x >= Double(x) && point.x < Double(maxX) && point.y >= Double(y) && point.y < Double(maxY)
    }

    /// How far `point` lies outside, 0 inside: across and down, each 0 when within that span.
    public func distance(to point: PixelPoint) -> (dx: Double, dy: Double) {
        let dx = point.x < Double(x) ? Double(x) - point.x : point.x >= Double(maxX) ? point.x - Double(maxX) : 0
        let dy = point.y < Double(y) ? Double(y) - point.y : point.y >= Double(maxY) ? point.y - Double(maxY) : 0
        return (dx, dy)
    }
}
