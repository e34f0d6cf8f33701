// What an interface draws over an image (the live surface's frozen screen, the viewer's window):
// plain values, so that the interaction that decides them knows nothing of the screen that shows
// them.

/// A colour with opacity, in 8-bit sRGB channels (alpha 255: opaque).
public struct LiveColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The dark grey an image window shows around its image (`livetext view`).
    public static let viewBackdrop = LiveColor(red: 0x2b, green: 0x2b, blue: 0x2b)
}

/// Pixels drawn over the frozen screen, with their own opacity (rgba8, not premultiplied), their
/// top-left corner at `x`, `y` of the surface. Compared by identity: a new picture is a new object,
/// so the surface redraws where it changed without comparing pixels.
public final class LivePicture: Sendable, Hashable {
    public let image: PixelImage
    public let x: Int
    public let y: Int

    public init(_ image: PixelImage, x: Int, y: Int) {
        self.image = image
        self.x = x
        self.y = y
    }

    public var bounds: Bounds { Bounds(x: x, y: y, width: image.width, height: image.height) }

    public static func == (lhs: LivePicture, rhs: LivePicture) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One thing the live surface draws over the frozen screen, in surface coordinates, blended over
/// what lies beneath it (the frozen pixels and the paints before it).
public enum LivePaint: Sendable, Hashable {
    /// A rectangle filled with a colour (translucent when its alpha is below 255).
    case fill(Bounds, LiveColor)
    /// The outline of a rectangle, `width` pixels wide, inside it.
    case frame(Bounds, LiveColor, width: Int)
    case picture(LivePicture)

    /// The pixels it may change.
    public var bounds: Bounds {
        switch self {
        case .fill(let rect, _), .frame(let rect, _, _): rect
        case .picture(let picture): picture.bounds
        }
    }
}
