import CTesseract
import Foundation
import LiveTextCore

/// One tesseract instance with its languages loaded.
///
/// Not thread-safe: the analyzer's pool gives it to one task at a time, hence `@unchecked`.
public final class TesseractEngine: TextRecognizer, @unchecked Sendable {
    public let languages: LanguageSet
    private let handle: OpaquePointer

    /// Loads `languages` from `tessdata` (checked beforehand, so a missing file is a clear error).
    public init(languages: LanguageSet, tessdata: TessdataDirectory) throws {
        try tessdata.check(languages)
        guard let handle = TessBaseAPICreate() else {
            throw LiveTextError(.failed, "could not create a tesseract instance")
        }
        self.handle = handle
        self.languages = languages
        // Tesseract writes warnings ("Invalid resolution", "Empty page") to stderr; we report
        // our own errors instead.
        TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        let status = TessBaseAPIInit2(handle, tessdata.path, languages.description, OEM_DEFAULT)
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            throw LiveTextError(.unavailable,
                                "tesseract could not load '\(languages)' from \(tessdata.path)")
        }
        TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        // Our preprocessing always hands over dark text on white: trying inverted lines again
        // only doubles the time spent on uncertain ones.
        TessBaseAPISetVariable(handle, "tessedit_do_invert", "0")
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    public func recognize(_ image: PixelImage, resolution: Int, layout: PageLayout,
                          cancellation: CancellationFlag) throws -> RecognizedPage {
        precondition(image.format == .gray8, "the recognizer takes gray8 images")
        try cancellation.check()
        TessBaseAPISetPageSegMode(handle, layout.tesseractMode)
        image.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(handle, pixels.baseAddress, Int32(image.width), Int32(image.height),
                                1, Int32(image.width))
        }
        if resolution > 0 { TessBaseAPISetSourceResolution(handle, Int32(max(70, min(resolution, 1200)))) }
        defer { TessBaseAPIClear(handle) }

        let monitor = TessMonitorCreate()
        defer { TessMonitorDelete(monitor) }
        let context = Unmanaged.passUnretained(cancellation)
        TessMonitorSetCancelThis(monitor, context.toOpaque())
        TessMonitorSetCancelFunc(monitor) { this, _ in
            guard let this else { return false }
            return Unmanaged<CancellationFlag>.fromOpaque(this).takeUnretainedValue().isCancelled
        }
        let status = withExtendedLifetime(cancellation) { TessBaseAPIRecognize(handle, monitor) }
        try cancellation.check()
        guard status == 0 else {
            // An empty page also fails recognition: that is no text, not an error.
            return RecognizedPage(blocks: [])
        }
        return readPage()
    }

    /// Walks the result word by word, opening blocks and lines where tesseract starts them.
    private func readPage() -> RecognizedPage {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return RecognizedPage(blocks: []) }
        defer { TessResultIteratorDelete(iterator) }
        let pageIterator = TessResultIteratorGetPageIteratorConst(iterator)
        var blocks = [RecognizedBlock]()
        repeat {
            guard let text = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let word = String(cString: text)
            TessDeleteText(text)
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_BLOCK) != 0 || blocks.isEmpty {
                blocks.append(RecognizedBlock(bounds: bounds(pageIterator, RIL_BLOCK), lines: []))
            }
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_TEXTLINE) != 0 || blocks[blocks.count - 1].lines.isEmpty {
                blocks[blocks.count - 1].lines.append(
                    RecognizedLine(bounds: bounds(pageIterator, RIL_TEXTLINE), words: []))
            }
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
            let b = blocks.count - 1, l = blocks[b].lines.count - 1
            blocks[b].lines[l].words.append(
                RecognizedWord(text: word, bounds: bounds(pageIterator, RIL_WORD), confidence: confidence))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        return RecognizedPage(blocks: blocks)
    }

    private func bounds(_ iterator: OpaquePointer?, _ level: TessPageIteratorLevel) -> Bounds {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(iterator, level, &left, &top, &right, &bottom) != 0 else { return .zero }
        return Bounds(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }
}

extension PageLayout {
    var tesseractMode: TessPageSegMode {
        switch self {
        case .auto: PSM_AUTO
        case .sparse: PSM_SPARSE_TEXT
        case .singleBlock: PSM_SINGLE_BLOCK
        case .singleColumn: PSM_SINGLE_COLUMN
        }
    }
}
