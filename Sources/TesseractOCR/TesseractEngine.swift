import CTesseract
import Foundation
import LiveTextCore

/// One tesseract instance with its languages loaded.
///
/// Not thread-safe: the analyzer's pool gives it to one task at a time, hence `@unchecked`.
public final class TesseractEngine: TextRecognizer, @unchecked Sendable {
    public let languages: LanguageSet
    /// What the user should hear about: the language files that would not load (damaged or
    /// incomplete), which the engine reads without.
    public let notes: [String]
    private let handle: OpaquePointer

    /// Loads `languages` from `tessdata` (checked beforehand, so a missing file is a clear error).
    /// A language whose file does not load is left out, with a note naming the file; throws
    /// `unavailable`, naming the files, when none loads.
    public init(languages: LanguageSet, tessdata: TessdataDirectory) throws {
        try tessdata.check(languages)
        var remaining = languages.names, damaged = [String]()
        var loaded: OpaquePointer?
        while loaded == nil, !remaining.isEmpty {
            guard let handle = TessBaseAPICreate() else {
                throw LiveTextError(.failed, "could not create a tesseract instance")
            }
            // Tesseract writes warnings ("Invalid resolution", "Empty page", "Failed loading
            // language") to stderr; we report our own errors instead.
            TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
            if TessBaseAPIInit2(handle, tessdata.path, remaining.joined(separator: "+"), OEM_DEFAULT) == 0 {
                // A language after the first that fails is left out silently: find which.
                let names = Self.loadedLanguages(handle)
                damaged += remaining.filter { !names.contains($0) }
                loaded = handle
            } else {
                // The first language failed (tesseract stops there).
                TessBaseAPIDelete(handle)
                damaged.append(remaining.removeFirst())
            }
        }
        let messages = damaged.map { language in
            "\(tessdata.file(of: language)) does not load (damaged or incomplete): reinstall "
                + (DebianLanguagePacks.package(for: language) ?? "it")
        }
        guard let handle = loaded else { throw LiveTextError(.unavailable, messages.joined(separator: "; ")) }
        self.handle = handle
        self.languages = languages
        self.notes = messages.map { $0 + " (reading without it)" }
        TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        // Our preprocessing always hands over dark text on white: trying inverted lines again
        // only doubles the time spent on uncertain ones.
        TessBaseAPISetVariable(handle, "tessedit_do_invert", "0")
        // The column finder takes words that line up over a gap of 0.75 x-heights (its default)
        // for a tab stop, and so splits the time stamps, addresses and permission columns at the
        // start of terminal lines off into columns of their own. Asking for 2 x-heights: corpus
        // CER 5.52 % -> 3.61 % (the tall terminal 6.21 % -> 1.37 %; 1.0: 4.09 %, 1.5: 3.76 %,
        // 2.5: 3.86 %, 3: 3.84 %), and a dense 1920x1080 screen reads in 6.3-6.6 s instead of
        // 7.6-9.0 s, with fewer tab candidates to search.
        TessBaseAPISetVariable(handle, "textord_tabfind_aligned_gap_fraction", "2")
    }

    private static func loadedLanguages(_ handle: OpaquePointer) -> [String] {
        guard let list = TessBaseAPIGetLoadedLanguagesAsVector(handle) else { return [] }
        defer { TessDeleteTextArray(list) }
        var names = [String](), index = 0
        while let name = list[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Where the part of the page tesseract holds now starts, in the page: it answers in the
    /// coordinates of that part.
    private var origin = (x: 0, y: 0)

    public func findLines(in page: RecognitionPage, region: Bounds, layout: PageLayout,
                          cancellation: CancellationFlag) throws -> RecognizedPage {
        try cancellation.check()
        guard select(page, region: region, mode: layout.tesseractMode) else { return RecognizedPage(blocks: []) }
        // Layout analysis has no progress monitor; it takes a fraction of the reading time.
        guard let iterator = TessBaseAPIAnalyseLayout(handle) else { return RecognizedPage(blocks: []) }
        defer { TessPageIteratorDelete(iterator) }
        var blocks = [RecognizedBlock]()
        repeat {
            guard Self.holdsText(TessPageIteratorBlockType(iterator)) else { continue }
            if TessPageIteratorIsAtBeginningOf(iterator, RIL_BLOCK) != 0 || blocks.isEmpty {
                blocks.append(RecognizedBlock(bounds: bounds(iterator, RIL_BLOCK), lines: []))
            }
            let line = bounds(iterator, RIL_TEXTLINE)
            if !line.isEmpty { blocks[blocks.count - 1].lines.append(RecognizedLine(bounds: line, words: [])) }
        } while TessPageIteratorNext(iterator, RIL_TEXTLINE) != 0
        try cancellation.check()
        return RecognizedPage(blocks: blocks.filter { !$0.lines.isEmpty })
    }

    public func readLine(in page: RecognitionPage, region: Bounds,
                         cancellation: CancellationFlag) throws -> [RecognizedWord] {
        try recognizeLine(in: page, region: region, cancellation: cancellation) ? readWords() : []
    }

    /// The LSTM's choices for each character (`lstm_choice_mode` 2), asked for this line only.
    public func readLineWithAlternatives(in page: RecognitionPage, region: Bounds,
                                         cancellation: CancellationFlag) throws -> [RecognizedWord] {
        TessBaseAPISetVariable(handle, "lstm_choice_mode", "2")
        defer { TessBaseAPISetVariable(handle, "lstm_choice_mode", "0") }
        return try recognizeLine(in: page, region: region, cancellation: cancellation) ? readWordsWithAlternatives() : []
    }

    /// Recognizes the one line in `region`; false where there is nothing to read.
    private func recognizeLine(in page: RecognitionPage, region: Bounds, cancellation: CancellationFlag) throws -> Bool {
        try cancellation.check()
        guard select(page, region: region, mode: PSM_SINGLE_LINE) else { return false }
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
        // A region without ink also fails recognition: that is no text, not an error.
        return status == 0
    }

    public func finishPage() {
        TessBaseAPIClear(handle)
    }

    /// Gives tesseract the part of `page` around `region`, and the region in it to work on.
    /// Tesseract copies the image it is given: a whole enlarged screen (4422×2496) costs 19 ms
    /// an engine, a line next to nothing. With a margin of `partMargin` around the region it
    /// reads the region exactly as it reads that rectangle of the whole page (every fixture and
    /// the dense screen give the same bytes, confidences included, with margins of 1 to 32
    /// pixels; without one, lines that touch the edge of the image read differently). Its
    /// answers are moved into page coordinates by `bounds`. False when `region` lies outside
    /// the page: nothing to read there.
    private func select(_ page: RecognitionPage, region: Bounds, mode: TessPageSegMode) -> Bool {
        let image = page.image
        let clipped = region.intersection(page.bounds)
        guard clipped.width > 0, clipped.height > 0 else { return false }
        let margin = Self.partMargin
        let part = Bounds(x: clipped.x - margin, y: clipped.y - margin, width: clipped.width + 2 * margin,
                          height: clipped.height + 2 * margin).intersection(page.bounds)
        image.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(handle, pixels.baseAddress.map { $0 + part.y * image.width + part.x },
                                Int32(part.width), Int32(part.height), 1, Int32(image.width))
        }
        origin = (part.x, part.y)
        if page.resolution > 0 { TessBaseAPISetSourceResolution(handle, Int32(max(70, min(page.resolution, 1200)))) }
        TessBaseAPISetPageSegMode(handle, mode)
        TessBaseAPISetRectangle(handle, Int32(clipped.x - part.x), Int32(clipped.y - part.y), Int32(clipped.width),
                                Int32(clipped.height))
        return true
    }

    /// Pixels of the page given to tesseract around the region it reads.
    static let partMargin = 8

    /// The words of the last recognition, in page coordinates.
    private func readWords() -> [RecognizedWord] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let pageIterator = TessResultIteratorGetPageIteratorConst(iterator)
        var words = [RecognizedWord]()
        repeat {
            guard let text = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let word = String(cString: text)
            TessDeleteText(text)
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
            words.append(RecognizedWord(text: word, bounds: bounds(pageIterator, RIL_WORD), confidence: confidence))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        return words
    }

    /// `readWords`, each word with the choices of each of its characters (none for a word whose
    /// symbols are not its characters one to one).
    private func readWordsWithAlternatives() -> [RecognizedWord] {
        var words = readWords()
        guard let iterator = TessBaseAPIGetIterator(handle) else { return words }
        defer { TessResultIteratorDelete(iterator) }
        let pageIterator = TessResultIteratorGetPageIteratorConst(iterator)
        var perWord: [[[String]]] = []
        repeat {
            // No symbol here (an empty result): tesseract asserts on its choices.
            guard let symbol = TessResultIteratorGetUTF8Text(iterator, RIL_SYMBOL) else { continue }
            TessDeleteText(symbol)
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_WORD) != 0 || perWord.isEmpty { perWord.append([]) }
            var choices: [String] = []
            if let choice = TessResultIteratorGetChoiceIterator(iterator) {
                repeat {
                    if let text = TessChoiceIteratorGetUTF8Text(choice) { choices.append(String(cString: text)) }
                } while TessChoiceIteratorNext(choice) != 0
                TessChoiceIteratorDelete(choice)
            }
            perWord[perWord.count - 1].append(choices)
        } while TessResultIteratorNext(iterator, RIL_SYMBOL) != 0
        guard perWord.count == words.count else { return words }
        for index in words.indices where perWord[index].count == words[index].text.count {
            words[index].alternatives = perWord[index]
        }
        return words
    }

    /// Block types that hold text to read (tesseract's `PTIsTextType`); images, rules and noise do not.
    static func holdsText(_ type: TessPolyBlockType) -> Bool {
        switch type {
        case PT_FLOWING_TEXT, PT_HEADING_TEXT, PT_PULLOUT_TEXT, PT_EQUATION, PT_INLINE_EQUATION,
             PT_TABLE, PT_VERTICAL_TEXT, PT_CAPTION_TEXT:
            true
        default:
            false
        }
    }

    private func bounds(_ iterator: OpaquePointer?, _ level: TessPageIteratorLevel) -> Bounds {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(iterator, level, &left, &top, &right, &bottom) != 0 else { return .zero }
        return Bounds(x: Int(left) + origin.x, y: Int(top) + origin.y, width: Int(right - left), height: Int(bottom - top))
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
