/// Prepares a screen capture for the recognizer so that nobody has to think about it:
/// normalizes polarity and contrast, enlarges small text, pads the edges.
public struct ScreenTextPreprocessor: Sendable {
    public struct Options: Sendable, Hashable {
        /// Enlarge when the median glyph is shorter than this many pixels. Measured on the
        /// screen corpus (`bench/accuracy.py`): text of 12-14 px fonts (glyphs of 8-10 px) still
        /// reads markedly better enlarged.
        public var upscaleBelowGlyphHeight: Double = 11
        /// The median glyph height enlarged text is brought to.
        public var targetGlyphHeight: Double = 18
        public var maxScale: Double = 4
        /// White margin around the prepared image, so text cut by the capture edge still reads.
        public var padding = 10
        /// When false the pixels are only converted to gray (for measurements).
        public var normalizeBackground = true
        /// A fixed scale instead of the measured one (for measurements).
        public var forcedScale: Double?

        public init() {}
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Prepares `image`; the areas in `masks` (codes already read) are blanked, so their modules
    /// are not read as letters.
    public func prepare(_ image: PixelImage, masking masks: [Bounds] = []) -> PreparedImage {
        var normalized = options.normalizeBackground
            ? BackgroundNormalizer().normalize(image) : image.luminance()
        for mask in masks {
            let r = mask.clamped(width: normalized.width, height: normalized.height)
            guard !r.isEmpty else { continue }
            for y in r.y..<r.maxY {
                normalized.pixels.replaceSubrange((y * normalized.width + r.x)..<(y * normalized.width + r.maxX),
                                                  with: repeatElement(255, count: r.width))
            }
        }
        let glyph = TextHeightEstimator().medianGlyphHeight(of: normalized)
        if options.normalizeBackground {
            normalized = BlockCursorEraser().erased(normalized)
            normalized = FaintUnderscores().darkened(normalized, glyphHeight: glyph)
        }
        let scale = options.forcedScale ?? scaleFactor(forGlyphHeight: glyph)
        let scaler = ImageScaler()
        let scaled = scale == 1 ? normalized : scaler.scale(normalized, by: scale)
        let padded = scaler.pad(scaled, margin: options.padding)
        return PreparedImage(image: padded, scaleX: Double(scaled.width) / Double(image.width),
                             scaleY: Double(scaled.height) / Double(image.height),
                             padding: options.padding, originalWidth: image.width,
                             originalHeight: image.height, glyphHeight: glyph)
    }

    /// 1 for text that reads well as it is; enough to bring small text to the target otherwise.
    public func scaleFactor(forGlyphHeight glyph: Double?) -> Double {
        guard let glyph, glyph > 0, glyph < options.upscaleBelowGlyphHeight else { return 1 }
        return min(options.maxScale, max(1, options.targetGlyphHeight / glyph))
    }
}

/// A preprocessed image and the way back to the original pixels.
public struct PreparedImage: Sendable {
    public let image: PixelImage
    public let scaleX: Double
    public let scaleY: Double
    public let padding: Int
    public let originalWidth: Int
    public let originalHeight: Int
    /// The median glyph height measured, in original pixels.
    public let glyphHeight: Double?

    /// The scale factor (the same on both axes up to rounding).
    public var scale: Double { scaleX }

    /// The page the engines read: screens are ~96 dpi, enlarged text proportionally finer.
    public var recognitionPage: RecognitionPage {
        RecognitionPage(image: image, resolution: Int((96 * scale).rounded()))
    }

    /// Maps a rectangle of the prepared image back onto the original, clamped to it.
    public func originalBounds(of rect: Bounds) -> Bounds {
        let x0 = Double(rect.x - padding) / scaleX, y0 = Double(rect.y - padding) / scaleY
        let x1 = Double(rect.maxX - padding) / scaleX, y1 = Double(rect.maxY - padding) / scaleY
        let x = Int(x0.rounded(.down)), y = Int(y0.rounded(.down))
        return Bounds(x: x, y: y, width: Int(x1.rounded(.up)) - x, height: Int(y1.rounded(.up)) - y)
            .clamped(width: originalWidth, height: originalHeight)
    }

    /// Maps a rectangle of the original onto the prepared image (at least a pixel each way).
    public func preparedBounds(of rect: Bounds) -> Bounds {
        let x = padding + Int((Double(rect.x) * scaleX).rounded(.down)), y = padding + Int((Double(rect.y) * scaleY).rounded(.down))
        let maxX = padding + Int((Double(rect.maxX) * scaleX).rounded(.up)), maxY = padding + Int((Double(rect.maxY) * scaleY).rounded(.up))
        return Bounds(x: x, y: y, width: max(1, maxX - x), height: max(1, maxY - y))
    }
}
