import Foundation

/// A point in image pixels, origin top-left, fractional.
public struct QuadPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Four corners of text on the image, clockwise from the top-left corner as the text reads: the
/// first two run along its top, the last two along its bottom (VisionKit's quads). Level text's
/// quad is its bounds' rectangle; tilted text's is the rectangle it fills, turned with it.
///
/// Encoded as `[[x, y], [x, y], [x, y], [x, y]]`, one decimal, the form the JSON contract uses.
public struct Quad: Sendable, Hashable, Codable, CustomStringConvertible {
    public var topLeft: QuadPoint
    public var topRight: QuadPoint
    public var bottomRight: QuadPoint
    public var bottomLeft: QuadPoint

    public init(topLeft: QuadPoint, topRight: QuadPoint, bottomRight: QuadPoint, bottomLeft: QuadPoint) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The rectangle of `bounds`, level.
    public init(_ bounds: Bounds) {
        let x0 = Double(bounds.x), y0 = Double(bounds.y), x1 = Double(bounds.maxX), y1 = Double(bounds.maxY)
        self.init(topLeft: .init(x: x0, y: y0), topRight: .init(x: x1, y: y0),
                  bottomRight: .init(x: x1, y: y1), bottomLeft: .init(x: x0, y: y1))
    }

    public var corners: [QuadPoint] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// True when it is a level rectangle on whole pixels (the quad of its bounds).
    public var isLevel: Bool { self == Quad(bounds) }

    /// The smallest whole-pixel rectangle holding it.
    public var bounds: Bounds {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x = Int(xs.min()!.rounded(.down)), y = Int(ys.min()!.rounded(.down))
        return Bounds(x: x, y: y, width: Int(xs.max()!.rounded(.up)) - x, height: Int(ys.max()!.rounded(.up)) - y)
    }

    /// The direction its top runs in, in radians (0: level, positive: falling to the right, as y
    /// grows downwards).
    public var angle: Double {
        let dx = (topRight.x - topLeft.x) + (bottomRight.x - bottomLeft.x)
        let dy = (topRight.y - topLeft.y) + (bottomRight.y - bottomLeft.y)
        return dx == 0 && dy == 0 ? 0 : atan2(dy, dx)
    }

    /// Each corner moved by `transform`.
    public func mapped(_ transform: (QuadPoint) -> QuadPoint) -> Quad {
        Quad(topLeft: transform(topLeft), topRight: transform(topRight), bottomRight: transform(bottomRight),
             bottomLeft: transform(bottomLeft))
    }

    /// The same quad moved by (`dx`, `dy`).
    public func moved(x dx: Int, y dy: Int) -> Quad {
        mapped { QuadPoint(x: $0.x + Double(dx), y: $0.y + Double(dy)) }
    }

    /// Corners rounded to one decimal (what the JSON holds) and kept within `width` × `height`.
    public func settled(width: Int, height: Int) -> Quad {
        mapped { point in
            QuadPoint(x: (min(Double(width), max(0, point.x)) * 10).rounded() / 10,
                      y: (min(Double(height), max(0, point.y)) * 10).rounded() / 10)
        }
    }

    /// Corners rounded to one decimal (what the JSON holds).
    public func rounded() -> Quad {
        mapped { QuadPoint(x: ($0.x * 10).rounded() / 10, y: ($0.y * 10).rounded() / 10) }
    }

    /// The part from `from` to `to` of the way along it (0: its start, 1: its end), as high as it
    /// is: characters of a word taken as equal shares of its length.
    public func part(from: Double, to: Double) -> Quad {
        func along(_ a: QuadPoint, _ b: QuadPoint, _ t: Double) -> QuadPoint {
            QuadPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        return Quad(topLeft: along(topLeft, topRight, from), topRight: along(topLeft, topRight, to),
                    bottomRight: along(bottomLeft, bottomRight, to), bottomLeft: along(bottomLeft, bottomRight, from))
    }

    /// Whether `(x, y)` lies inside (edges included).
    public func contains(x: Double, y: Double) -> Bool {
        let points = corners
        var sign = 0.0
        for index in 0..<4 {
            let a = points[index], b = points[(index + 1) % 4]
            let cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }

    /// The smallest rectangle turned by `angle` that holds all of `quads` (their union for level
    /// ones); nil for none. Each quad's corners keep their roles: the result's top is along the
    /// tops.
    public static func enclosing(_ quads: [Quad], angle: Double) -> Quad? {
        guard !quads.isEmpty else { return nil }
        if angle == 0, quads.allSatisfy(\.isLevel) { return Quad(quads.map(\.bounds).union) }
        let c = cos(angle), s = sin(angle)
        // Along the text (u) and down across it (v).
        var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
        for quad in quads {
            for point in quad.corners {
                let u = point.x * c + point.y * s, v = -point.x * s + point.y * c
                minU = min(minU, u); maxU = max(maxU, u); minV = min(minV, v); maxV = max(maxV, v)
            }
        }
        func point(_ u: Double, _ v: Double) -> QuadPoint { QuadPoint(x: u * c - v * s, y: u * s + v * c) }
        return Quad(topLeft: point(minU, minV), topRight: point(maxU, minV), bottomRight: point(maxU, maxV),
                    bottomLeft: point(minU, maxV))
    }

    /// The rectangle holding `quads`, turned as they are on the whole (their mean direction,
    /// longer ones counting more); nil for none.
    public static func enclosing(_ quads: [Quad]) -> Quad? {
        var dx = 0.0, dy = 0.0
        for quad in quads {
            dx += (quad.topRight.x - quad.topLeft.x) + (quad.bottomRight.x - quad.bottomLeft.x)
            dy += (quad.topRight.y - quad.topLeft.y) + (quad.bottomRight.y - quad.bottomLeft.y)
        }
        return enclosing(quads, angle: dx == 0 && dy == 0 ? 0 : atan2(dy, dx))
    }

    public var description: String {
        "[" + corners.map { "[\(Self.number($0.x)), \(Self.number($0.y))]" }.joined(separator: ", ") + "]"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var points: [QuadPoint] = []
        for _ in 0..<4 {
            var pair = try container.nestedUnkeyedContainer()
            points.append(QuadPoint(x: try pair.decode(Double.self), y: try pair.decode(Double.self)))
        }
        self.init(topLeft: points[0], topRight: points[1], bottomRight: points[2], bottomLeft: points[3])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for point in corners {
            var pair = container.nestedUnkeyedContainer()
            try pair.encode(point.x)
            try pair.encode(point.y)
        }
    }
}
