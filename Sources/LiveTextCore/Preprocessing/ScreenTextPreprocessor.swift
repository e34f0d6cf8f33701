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
        /// Text tilted by half a degree or more (photos, scans: up to 15°) is turned level to
        /// be read (`SkewEstimator`); its boxes are mapped back as quads.
        public var straightenTilted = true
        /// Lines of glyphs far above the engine's comfortable size are read apart, each size at
        /// a scale of its own (`LargeTextAreas`).
        public var readLargeTextApart = true
        /// The dots per inch the engine is told for large text brought down to its size.
        public var largeTextResolution = 96

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
        let estimator = TextHeightEstimator()
        var glyphs = estimator.glyphBoxes(of: normalized)
        var rotation: PageRotation?
        if options.straightenTilted, let angle = SkewEstimator().angle(ofGlyphs: glyphs) {
            let turn = PageRotation(angle: angle, originalWidth: image.width, originalHeight: image.height)
            normalized = turn.turn(normalized)
            glyphs = estimator.glyphBoxes(of: normalized)
            rotation = turn
        }
        // The original's shades, turned as the page was: made once, only for a large page or
        // large text (below).
        var turnedShades: PixelImage?
        func shades() -> PixelImage {
            if let turnedShades { return turnedShades }
            let made = rotation.map { $0.turn(image.luminance()) } ?? image.luminance()
            turnedShades = made
            return made
        }
        var passes: [LargeTextAreas.Pass] = []
        if options.readLargeTextApart {
            // Strokes wider than the normalizer's window are taken for background and the glyph
            // falls apart into specks: on a page large enough to hold such glyphs, they are looked
            // for on the page shrunk to an eighth too (at a quarter, the normalizer's window still
            // falls inside a bold 260 px heading's letters and takes their ink for background).
            let wide = min(normalized.width, normalized.height) >= Self.coarseLookFromSide ? coarseGlyphs(shades()) : []
            passes = LargeTextAreas().passes(ofGlyphs: glyphs + wide, width: normalized.width, height: normalized.height)
        }
        var large: [PreparedImage] = []
        if !passes.isEmpty {
            // Large text is normalized again from the original's shades, brought down to its size first.
            large = passes.map { preparedApart($0, of: shades(), original: image, rotation: rotation) }
        }
        if !passes.isEmpty {
            let areas = passes.flatMap(\.areas)
            normalized = Self.blanked(normalized, areas)
            glyphs = glyphs.filter { glyph in !areas.contains { $0.contains(x: glyph.x + glyph.width / 2, y: glyph.y + glyph.height / 2) } }
        }
        let glyph = estimator.medianGlyphHeight(ofGlyphs: glyphs)
        if options.normalizeBackground {
            normalized = BlockCursorEraser().erased(normalized)
            normalized = FaintUnderscores().darkened(normalized, glyphHeight: glyph)
        }
        let scale = options.forcedScale ?? scaleFactor(forGlyphHeight: glyph)
        let scaler = ImageScaler()
        let scaled = scale == 1 ? normalized : scaler.scale(normalized, by: scale)
        let padded = scaler.pad(scaled, margin: options.padding)
        var prepared = PreparedImage(image: padded, scaleX: Double(scaled.width) / Double(normalized.width),
                                     scaleY: Double(scaled.height) / Double(normalized.height),
                                     padding: options.padding, originalWidth: image.width,
                                     originalHeight: image.height, glyphHeight: glyph, rotation: rotation)
        prepared.largeText = large
        return prepared
    }

    /// The areas of one size of large text alone, brought to the engine's size: `shades` (the
    /// original's luminance, turned as the page was) shrunk, normalized at that size, and white
    /// outside the areas.
    private func preparedApart(_ pass: LargeTextAreas.Pass, of shades: PixelImage, original: PixelImage,
                               rotation: PageRotation?) -> PreparedImage {
        let scaler = ImageScaler()
        let shrunk = pass.scale < 1 ? scaler.shrink(shades, by: pass.scale) : shades
        let sx = Double(shrunk.width) / Double(shades.width), sy = Double(shrunk.height) / Double(shades.height)
        let normalized = options.normalizeBackground ? BackgroundNormalizer().normalize(shrunk) : shrunk
        var kept = PixelImage(width: shrunk.width, height: shrunk.height, gray: 255)
        for area in pass.areas {
            let x0 = Int(Double(area.x) * sx), x1 = min(shrunk.width, Int((Double(area.maxX) * sx).rounded(.up)))
            let y0 = Int(Double(area.y) * sy), y1 = min(shrunk.height, Int((Double(area.maxY) * sy).rounded(.up)))
            guard x1 > x0 else { continue }
            for y in y0..<max(y0, y1) {
                let row = y * shrunk.width
                kept.pixels.replaceSubrange((row + x0)..<(row + x1), with: normalized.pixels[(row + x0)..<(row + x1)])
            }
        }
        return PreparedImage(image: scaler.pad(kept, margin: options.padding),
                             scaleX: sx, scaleY: sy,
                             padding: options.padding, originalWidth: original.width, originalHeight: original.height,
                             glyphHeight: pass.glyphHeight, rotation: rotation, resolution: options.largeTextResolution)
    }

    /// Pages whose shorter side is at least this many pixels (photos of 8 megapixels and more) are
    /// also looked at shrunk, for glyphs with strokes too wide to survive normalizing at full
    /// size. Not 4K screens (2160): text of 200 px and more is rare on them, and the look costs a
    /// pass over every pixel of every capture (a debug build took over 30 s on three 4K monitors,
    /// longer than Esc may wait for the reading to stop).
    static let coarseLookFromSide = 2400

    /// Glyphs over 120 px found on `shades` shrunk to an eighth and normalized there, in the
    /// pixels of `shades`.
    private func coarseGlyphs(_ shades: PixelImage) -> [Bounds] {
        let small = ImageScaler().shrink(shades, by: 0.125)
        let sx = Double(shades.width) / Double(small.width), sy = Double(shades.height) / Double(small.height)
        let page = options.normalizeBackground ? BackgroundNormalizer().normalize(small) : small
        return TextHeightEstimator().glyphBoxes(of: page).compactMap { box in
            let x = Int(Double(box.x) * sx), y = Int(Double(box.y) * sy)
            let found = Bounds(x: x, y: y, width: Int((Double(box.maxX) * sx).rounded(.up)) - x,
                               height: Int((Double(box.maxY) * sy).rounded(.up)) - y)
            return found.height > 120 ? found : nil
        }
    }

    /// `image` with `areas` made white.
    static func blanked(_ image: PixelImage, _ areas: [Bounds]) -> PixelImage {
        var image = image
        for area in areas {
            for y in area.y..<area.maxY {
                image.pixels.replaceSubrange((y * image.width + area.x)..<(y * image.width + area.maxX),
                                             with: repeatElement(255, count: area.width))
            }
        }
        return image
    }

    /// 1 for text that reads well as it is; enough to bring small text to the target otherwise.
    public func scaleFactor(forGlyphHeight glyph: Double?) -> Double {
        guard let glyph, glyph > 0, glyph < options.upscaleBelowGlyphHeight else { return 1 }
        return min(options.maxScale, max(1, options.targetGlyphHeight / glyph))
    }
}
