import CFreeType
import Foundation

/// Measures and draws text with one face at one pixel height, using FreeType.
///
/// Each rasterizer owns its FreeType library and face; every call runs under its lock, so one
/// rasterizer may be shared between threads. Characters the face has no glyph for are skipped:
/// they take no room and draw nothing.
///
/// Each glyph is loaded and rendered once and kept (its advance and coverage): loading runs the
/// face's hinting program, which for a TrueType face such as Noto Sans is most of the cost of a
/// notification's preview when done for every measure and draw. The cache holds at most one
/// entry per glyph of the face, a few hundred bytes each at interface sizes.
public final class TextRasterizer: @unchecked Sendable {
    /// The face file and index this rasterizer draws with.
    public let file: String
    public let faceIndex: Int
    /// The em size in pixels that was asked for.
    public let pixelHeight: Int
    /// The face's ascender and descender at this size, in whole pixels.
    public let ascent: Int
    public let descent: Int

    private let lock = NSLock()
    private let library: FT_Library
    private let face: FT_Face
    private let hasKerning: Bool
    /// Glyphs loaded so far, by glyph index; nil for one FreeType could not load. Under `lock`.
    private var glyphs: [FT_UInt: Glyph?] = [:]

    /// A glyph as loaded and rendered at this size: its advance and its coverage bitmap.
    private struct Glyph {
        /// 26.6 fixed point.
        var advance: Int
        /// Bitmap placement: columns right of the pen, rows above the baseline.
        var left: Int
        var top: Int
        var width: Int
        var rows: Int
        var coverage: [UInt8]
    }

    /// Loads face `faceIndex` of `file` at an em size of `pixelHeight` pixels (1...512).
    public init(file: String, faceIndex: Int = 0, pixelHeight: Int) throws {
        guard (1...512).contains(pixelHeight) else {
            throw FontError("pixel height \(pixelHeight) is out of range (1...512)")
        }
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw FontError("cannot load font face: '\(file)' does not exist or is not readable")
        }
        var library: FT_Library?
        let initStatus = FT_Init_FreeType(&library)
        guard initStatus == 0, let library else {
            throw FontError("FreeType could not start (\(Self.describe(initStatus)))")
        }
        var face: FT_Face?
        let openStatus = FT_New_Face(library, file, FT_Long(faceIndex), &face)
        guard openStatus == 0, let face else {
            FT_Done_FreeType(library)
            throw FontError("cannot load font face \(faceIndex) from '\(file)' (\(Self.describe(openStatus)))")
        }
        let sizeStatus = FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelHeight))
        guard sizeStatus == 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw FontError("font '\(file)' cannot be drawn \(pixelHeight) px high (\(Self.describe(sizeStatus)))")
        }
        self.file = file
        self.faceIndex = faceIndex
        self.pixelHeight = pixelHeight
        self.library = library
        self.face = face
        self.hasKerning = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        let metrics = face.pointee.size.pointee.metrics
        self.ascent = Int((metrics.ascender + 63) >> 6)
        self.descent = Int((-metrics.descender + 63) >> 6)
    }

    /// The face `match` names, at an em size of `pixelHeight` pixels.
    public convenience init(_ match: FontMatch, pixelHeight: Int) throws {
        try self.init(file: match.file, faceIndex: match.faceIndex, pixelHeight: pixelHeight)
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Whether the face has a glyph for `scalar`.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        lock.withLock { FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0 }
    }

    /// The advance width of `text` and the face's line ascent and descent.
    public func measure(_ text: String) -> TextMetrics {
        lock.withLock {
            var width = 0
            layOut(text) { _, pen in width = pen }
            return TextMetrics(width: (width + 32) >> 6, ascent: ascent, descent: descent)
        }
    }

    /// `text` drawn as antialiased coverage, `measure(text).width` wide (wider when the last
    /// glyph's ink overhangs its advance) and `ascent + descent` high, baseline at row `ascent`.
    public func draw(_ text: String) -> CoverageMask {
        lock.withLock {
            var placed = [(x: Int, y: Int, glyph: Glyph)]()
            var end = 0
            layOut(text) { glyph, pen in
                guard let glyph else { end = pen; return }
                guard glyph.width > 0, glyph.rows > 0 else { return }
                placed.append((((pen + 32) >> 6) + glyph.left, ascent - glyph.top, glyph))
            }
            let height = ascent + descent
            // How far right the ink reaches.
            let width = placed.reduce((end + 32) >> 6) { max($0, $1.x + $1.glyph.width) }
            var pixels = [UInt8](repeating: 0, count: width * height)
            for (left, top, glyph) in placed {
                for row in 0..<glyph.rows {
                    let y = top + row
                    guard y >= 0, y < height else { continue }
                    for col in 0..<glyph.width {
                        let x = left + col
                        guard x >= 0, x < width else { continue }
                        let value = glyph.coverage[row * glyph.width + col]
                        let o = y * width + x
                        if value > pixels[o] { pixels[o] = value }
                    }
                }
            }
            return CoverageMask(width: width, height: height, baseline: ascent, pixels: pixels)
        }
    }

    /// Walks the glyphs of `text`, calling `place` with each glyph and its pen position (26.6
    /// fixed point), then once with `nil` and the final pen position. Called under `lock`.
    private func layOut(_ text: String, _ place: (Glyph?, Int) -> Void) {
        var pen = 0
        var previous: FT_UInt = 0
        for scalar in text.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            guard index != 0, let glyph = glyph(index) else { continue }
            if hasKerning, previous != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(face, previous, index, FT_KERNING_DEFAULT.rawValue, &delta) == 0 {
                    pen += Int(delta.x)
                }
            }
            place(glyph, pen)
            pen += glyph.advance
            previous = index
        }
        place(nil, pen)
    }

    /// Glyph `index`, loaded and rendered on first use. Called under `lock`.
    private func glyph(_ index: FT_UInt) -> Glyph? {
        if let known = glyphs[index] { return known }
        var loaded: Glyph?
        if FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_RENDER)) == 0, let slot = face.pointee.glyph {
            let bitmap = slot.pointee.bitmap
            let w = Int(bitmap.width), h = Int(bitmap.rows)
            let coverage = (w > 0 && h > 0 ? bitmap.buffer : nil)
                .map { Self.gray(bitmap, buffer: $0, width: w, rows: h) } ?? []
            loaded = Glyph(advance: Int(slot.pointee.advance.x), left: Int(slot.pointee.bitmap_left),
                           top: Int(slot.pointee.bitmap_top), width: coverage.isEmpty ? 0 : w,
                           rows: coverage.isEmpty ? 0 : h, coverage: coverage)
        }
        glyphs[index] = .some(loaded)
        return loaded
    }

    /// A rendered glyph bitmap as one coverage byte a pixel (gray bitmaps copied, mono unpacked).
    private static func gray(_ bitmap: FT_Bitmap, buffer: UnsafeMutablePointer<UInt8>, width: Int, rows: Int) -> [UInt8] {
        let pitch = Int(bitmap.pitch)
        // A negative pitch means rows run bottom-up from `buffer`.
        let rowStart = { (row: Int) in pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch }
        var out = [UInt8](repeating: 0, count: width * rows)
        let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        for row in 0..<rows {
            let line = buffer + rowStart(row)
            for col in 0..<width {
                out[row * width + col] = mono
                    ? ((line[col >> 3] >> (7 - UInt8(col & 7))) & 1 == 1 ? 255 : 0)
                    : line[col]
            }
        }
        return out
    }

    private static func describe(_ status: FT_Error) -> String {
        if let text = FT_Error_String(status) { return "FreeType error \(status): \(String(cString: text))" }
        return "FreeType error \(status)"
    }
}
