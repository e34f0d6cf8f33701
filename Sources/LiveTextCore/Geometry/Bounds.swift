/// An axis-aligned rectangle in image pixels, origin top-left.
///
/// Encoded as `[x, y, width, height]`, the form the JSON contract uses.
public struct Bounds: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = Bounds(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var midY: Double { Double(y) + Double(height) / 2 }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var area: Int { width * height }

    /// The smallest rectangle holding both.
    public func union(_ other: Bounds) -> Bounds {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = min(x, other.x), minY = min(y, other.y)
        return Bounds(x: minX, y: minY,
                      width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    /// The overlap of both, `.zero`-sized when they do not meet.
    public func intersection(_ other: Bounds) -> Bounds {
        let minX = max(x, other.x), minY = max(y, other.y)
        let maxX = min(self.maxX, other.maxX), maxY = min(self.maxY, other.maxY)
        guard maxX > minX, maxY > minY else { return Bounds(x: minX, y: minY, width: 0, height: 0) }
        return Bounds(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// Clamped into `0..<width, 0..<height`.
    public func clamped(width w: Int, height h: Int) -> Bounds {
        intersection(Bounds(x: 0, y: 0, width: w, height: h))
    }

    public var description: String { "[\(x), \(y), \(width), \(height)]" }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(x: try container.decode(Int.self), y: try container.decode(Int.self),
                  width: try container.decode(Int.self), height: try container.decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
        try container.encode(width)
        try container.encode(height)
    }
}

extension Sequence where Element == Bounds {
    /// The union of all, `.zero` for none.
    public var union: Bounds { reduce(Bounds.zero) { $0.union($1) } }
}

extension Bounds {
    /// The same rectangle moved by (`dx`, `dy`).
    public func moved(x dx: Int, y dy: Int) -> Bounds {
        Bounds(x: x + dx, y: y + dy, width: width, height: height)
    }
}
