import CFreeType
import Foundation
import Synchronization

/// Measures and draws text with one face at one pixel height, using FreeType.
///
/// Each rasterizer owns its FreeType library and face, reached only inside its `Mutex`, so one
/// rasterizer may be shared between threads. Characters the face has no glyph for are skipped:
/// they take no room and draw nothing.
///
/// Each glyph is loaded and rendered once and kept (its advance and coverage): loading runs the
/// face's hinting program, which for a TrueType face such as Noto Sans is most of the cost of a
/// notification's preview when done for every measure and draw. The cache holds at most one
/// entry per glyph of the face, a few hundred bytes each at interface sizes.
public final class TextRasterizer: Sendable {
    /// The face file and index this rasterizer draws with.
    public let file: String
    public let faceIndex: Int
    /// The em size in pixels that was asked for.
    public let pixelHeight: Int
    /// The face's ascender and descender at this size, in whole pixels.
    public let ascent: Int
    public let descent: Int

    private let face: Mutex<Face>

    /// A glyph as loaded and rendered at this size: its advance and its coverage bitmap.
    fileprivate struct Glyph {
        /// 26.6 fixed point.
        var advance: Int
        /// Bitmap placement: columns right of the pen, rows above the baseline.
        var left: Int
        var top: Int
        var width: Int
        var rows: Int
        var coverage: [UInt8]
    }

    /// The FreeType library and face, with the glyphs loaded so far.
    fileprivate struct Face {
        let library: FT_Library
        let face: FT_Face
        let hasKerning: Bool
        /// By glyph index; nil for one FreeType could not load.
        var glyphs: [FT_UInt: Glyph?] = [:]
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
        let metrics = face.pointee.size.pointee.metrics
        self.ascent = Int((metrics.ascender + 63) >> 6)
        self.descent = Int((-metrics.descender + 63) >> 6)
        let hasKerning = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        // From here on the library and face are only reached inside the Mutex.
        self.face = Mutex(Face(library: library, face: face, hasKerning: hasKerning))
    }

    /// The face `match` names, at an em size of `pixelHeight` pixels.
    public convenience init(_ match: FontMatch, pixelHeight: Int) throws {
        try self.init(file: match.file, faceIndex: match.faceIndex, pixelHeight: pixelHeight)
    }

    deinit {
        face.withLock { face in
            FT_Done_Face(face.face)
            FT_Done_FreeType(face.library)
        }
    }

    /// Whether the face has a glyph for `scalar`.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        face.withLock { FT_Get_Char_Index($0.face, FT_ULong(scalar.value)) != 0 }
    }

    /// The advance width of `text` and the face's line ascent and descent.
    public func measure(_ text: String) -> TextMetrics {
        let width = face.withLock { face in
            var width = 0
            face.layOut(text) { _, pen in width = pen }
            return width
        }
        return TextMetrics(width: (width + 32) >> 6, ascent: ascent, descent: descent)
    }

    /// `text` drawn as antialiased coverage, `measure(text).width` wide (wider when the last
    /// glyph's ink overhangs its advance) and `ascent + descent` high, baseline at row `ascent`.
    public func draw(_ text: String) -> CoverageMask {
        let ascent = self.ascent
        let (placed, end) = face.withLock { face in
            var placed = [(x: Int, y: Int, glyph: Glyph)]()
            var end = 0
            face.layOut(text) { glyph, pen in
                guard let glyph else { end = pen; return }
                guard glyph.width > 0, glyph.rows > 0 else { return }
                placed.append((((pen + 32) >> 6) + glyph.left, ascent - glyph.top, glyph))
            }
            return (placed, end)
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

    /// A rendered glyph bitmap as one coverage byte a pixel (gray bitmaps copied, mono unpacked).
    fileprivate static func gray(_ bitmap: FT_Bitmap, buffer: UnsafeMutablePointer<UInt8>, width: Int, rows: Int) -> [UInt8] {
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

extension TextRasterizer.Face {
    /// Walks the glyphs of `text`, calling `place` with each glyph and its pen position (26.6
    /// fixed point), then once with `nil` and the final pen position.
    mutating func layOut(_ text: String, _ place: (TextRasterizer.Glyph?, Int) -> Void) {
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

    /// Glyph `index`, loaded and rendered on first use.
    mutating func glyph(_ index: FT_UInt) -> TextRasterizer.Glyph? {
        if let known = glyphs[index] { return known }
        var loaded: TextRasterizer.Glyph?
        if FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_RENDER)) == 0, let slot = face.pointee.glyph {
            let bitmap = slot.pointee.bitmap
            let w = Int(bitmap.width), h = Int(bitmap.rows)
            let coverage = (w > 0 && h > 0 ? bitmap.buffer : nil)
                .map { TextRasterizer.gray(bitmap, buffer: $0, width: w, rows: h) } ?? []
            loaded = TextRasterizer.Glyph(advance: Int(slot.pointee.advance.x), left: Int(slot.pointee.bitmap_left),
                           top: Int(slot.pointee.bitmap_top), width: coverage.isEmpty ? 0 : w,
                           rows: coverage.isEmpty ? 0 : h, coverage: coverage)
        }
        glyphs[index] = .some(loaded)
        return loaded
    }
}
