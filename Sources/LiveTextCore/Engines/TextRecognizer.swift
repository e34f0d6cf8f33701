/// An OCR engine, owned by one task at a time (the analyzer's pool hands it out).
///
/// Implementations wrap a C handle; they need not be thread-safe, only sendable between tasks.
/// A page is read in two steps, so that several engines can share one page: the layout of the
/// page (or of a strip of it) first, then its text lines, one at a time, on whichever engine is
/// free. Both steps take the whole page and a region of it, and answer in page coordinates.
public protocol TextRecognizer: AnyObject, Sendable {
    /// The language set the engine was loaded with, e.g. `eng+deu`.
    var languages: LanguageSet { get }

    /// The blocks and text lines of `region` of the page, without their words.
    ///
    /// Blocking; throws `LiveTextError.cancelled` when `cancellation` was set before it ran.
    func findLines(in page: RecognitionPage, region: Bounds, layout: PageLayout,
                   cancellation: CancellationFlag) throws -> RecognizedPage

    /// The words of the one text line inside `region` of the page.
    ///
    /// Blocking; checks `cancellation` while it works and throws `LiveTextError.cancelled`.
    func readLine(in page: RecognitionPage, region: Bounds,
                  cancellation: CancellationFlag) throws -> [RecognizedWord]

    /// `readLine`, each word with the readings the recognizer weighed for each of its characters
    /// (`RecognizedWord.alternatives`). Slower: asked for a few cells, not a page.
    func readLineWithAlternatives(in page: RecognitionPage, region: Bounds,
                                  cancellation: CancellationFlag) throws -> [RecognizedWord]

    /// Lets go of what it holds of the page it was last given (its copy of the pixels), before
    /// it goes back to the pool.
    func finishPage()
}

/// A prepared `gray8` image (dark text on white) that engines read, with its resolution.
///
/// A class: the engines of one analysis share it, and nobody copies its pixels to pass it on.
public final class RecognitionPage: Sendable {
    public let image: PixelImage
    /// Dots per inch, for the engine's size heuristics.
    public let resolution: Int

    public init(image: PixelImage, resolution: Int) {
        precondition(image.format == .gray8, "the recognizer takes gray8 images")
        self.image = image
        self.resolution = resolution
    }

    public var bounds: Bounds { Bounds(x: 0, y: 0, width: image.width, height: image.height) }
}

/// How the engine should segment the page.
public enum PageLayout: String, Sendable, Hashable, CaseIterable {
    /// Full layout analysis: columns, blocks, paragraphs (tesseract's PSM_AUTO).
    case auto
    /// As much text as possible in no particular order (tesseract's PSM_SPARSE_TEXT).
    case sparse
    /// One uniform block of text (tesseract's PSM_SINGLE_BLOCK).
    case singleBlock
    /// One column of text of variable sizes (tesseract's PSM_SINGLE_COLUMN).
    case singleColumn
}

/// The raw output of a recognizer, in the coordinates of the image it was given.
public struct RecognizedPage: Sendable, Hashable {
    public var blocks: [RecognizedBlock]
    public init(blocks: [RecognizedBlock]) { self.blocks = blocks }
}

public struct RecognizedBlock: Sendable, Hashable {
    public var bounds: Bounds
    public var lines: [RecognizedLine]
    /// The language (tesseract name) its lines were read in, once the analyzer decided it.
    public var language: String?
    public init(bounds: Bounds, lines: [RecognizedLine], language: String? = nil) {
        self.bounds = bounds
        self.lines = lines
        self.language = language
    }

    /// Its words' text, lines joined by newlines.
    public var text: String {
        lines.map { $0.words.map(\.text).joined(separator: " ") }.joined(separator: "\n")
    }

    /// Mean word confidence weighted by word length (as `TextBlock.confidence`), 0 without words.
    public var meanConfidence: Double {
        TextBlock.meanConfidence(lines.flatMap(\.words).map { ($0.text, $0.confidence) })
    }
}

public struct RecognizedLine: Sendable, Hashable {
    public var bounds: Bounds
    public var words: [RecognizedWord]
    public init(bounds: Bounds, words: [RecognizedWord]) {
        self.bounds = bounds
        self.words = words
    }
}

public struct RecognizedWord: Sendable, Hashable {
    public var text: String
    public var bounds: Bounds
    public var confidence: Double
    /// For each character of `text`, the readings the recognizer weighed for it, best first (the
    /// one taken among them); empty when they were not asked for (`readLineWithAlternatives`).
    public var alternatives: [[String]] = []
    public init(text: String, bounds: Bounds, confidence: Double) {
        self.text = text
        self.bounds = bounds
        self.confidence = confidence
    }
}

extension TextRecognizer {
    /// Without alternatives: `readLine`'s words.
    public func readLineWithAlternatives(in page: RecognitionPage, region: Bounds,
                                         cancellation: CancellationFlag) throws -> [RecognizedWord] {
        try readLine(in: page, region: region, cancellation: cancellation)
    }
}
