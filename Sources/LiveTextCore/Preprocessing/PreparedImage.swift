/// A preprocessed image and the way back to the original pixels: through its padding and scale,
/// and, for a page turned level to read tilted text, through that turn.
public struct PreparedImage: Sendable {
    public let image: PixelImage
    public let scaleX: Double
    public let scaleY: Double
    public let padding: Int
    public let originalWidth: Int
    public let originalHeight: Int
    /// The median glyph height measured, in original pixels.
    public let glyphHeight: Double?
    /// How the page was turned to level its text; nil when it was not (level text).
    public let rotation: PageRotation?
    /// The dots per inch the engine is told.
    public let resolution: Int
    /// Areas of glyphs far above the engine's comfortable size, left out of `image` and prepared
    /// apart, each size at a scale of its own (`LargeTextAreas`); read after `image`.
    public internal(set) var largeText: [PreparedImage] = []

    /// `rotation`: the turn made before scaling (scales then count from the turned page).
    /// `resolution`: what the engine is told; by default a screen's 96 dpi, finer as the text
    /// was enlarged.
    public init(image: PixelImage, scaleX: Double, scaleY: Double, padding: Int, originalWidth: Int,
                originalHeight: Int, glyphHeight: Double?, rotation: PageRotation? = nil, resolution: Int? = nil) {
        self.image = image
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.padding = padding
        self.originalWidth = originalWidth
        self.originalHeight = originalHeight
        self.glyphHeight = glyphHeight
        self.rotation = rotation
        self.resolution = resolution ?? Int((96 * scaleX).rounded())
    }

    /// The scale factor (the same on both axes up to rounding).
    public var scale: Double { scaleX }

    /// The page the engines read.
    public var recognitionPage: RecognitionPage {
        RecognitionPage(image: image, resolution: resolution)
    }

    /// Maps a rectangle of the prepared image back onto the original, clamped to it: the box
    /// holding its quad when the page was turned.
    public func originalBounds(of rect: Bounds) -> Bounds {
        if rotation != nil { return originalQuad(of: rect).bounds.clamped(width: originalWidth, height: originalHeight) }
        return unscaledBounds(of: rect)
    }

    /// Maps a rectangle of the prepared image back onto the page before it was scaled and padded,
    /// clamped to it: the original, or the turned page when it was turned.
    public func unscaledBounds(of rect: Bounds) -> Bounds {
        let x0 = Double(rect.x - padding) / scaleX, y0 = Double(rect.y - padding) / scaleY
        let x1 = Double(rect.maxX - padding) / scaleX, y1 = Double(rect.maxY - padding) / scaleY
        let x = Int(x0.rounded(.down)), y = Int(y0.rounded(.down))
        return Bounds(x: x, y: y, width: Int(x1.rounded(.up)) - x, height: Int(y1.rounded(.up)) - y)
            .clamped(width: rotation?.width ?? originalWidth, height: rotation?.height ?? originalHeight)
    }

    /// Maps a rectangle of the prepared image back onto the original as the four corners it
    /// has there (turned with the page), one decimal, within the original. For a page that was not
    /// turned, `Quad(originalBounds(of:))` is the quad: rectangles stay whole-pixel rectangles.
    public func originalQuad(of rect: Bounds) -> Quad {
        Quad(rect).mapped { point in
            let base = QuadPoint(x: (point.x - Double(padding)) / scaleX, y: (point.y - Double(padding)) / scaleY)
            return rotation?.original(base) ?? base
        }.settled(width: originalWidth, height: originalHeight)
    }

    /// Maps a rectangle of the original onto the prepared image (at least a pixel each way): the
    /// box holding it turned, when the page was.
    public func preparedBounds(of rect: Bounds) -> Bounds {
        if let rotation {
            let turned = Quad(rect).mapped { point in
                let p = rotation.turned(point)
                return QuadPoint(x: Double(padding) + p.x * scaleX, y: Double(padding) + p.y * scaleY)
            }.bounds
            return Bounds(x: turned.x, y: turned.y, width: max(1, turned.width), height: max(1, turned.height))
        }
        let x = padding + Int((Double(rect.x) * scaleX).rounded(.down)), y = padding + Int((Double(rect.y) * scaleY).rounded(.down))
        let maxX = padding + Int((Double(rect.maxX) * scaleX).rounded(.up)), maxY = padding + Int((Double(rect.maxY) * scaleY).rounded(.up))
        return Bounds(x: x, y: y, width: max(1, maxX - x), height: max(1, maxY - y))
    }
}
