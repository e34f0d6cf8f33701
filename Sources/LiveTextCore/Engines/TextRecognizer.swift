/// An OCR engine, owned by one task at a time (the analyzer's pool hands it out).
///
/// Implementations wrap a C handle; they need not be thread-safe, only sendable between tasks.
public protocol TextRecognizer: AnyObject, Sendable {
    /// The language set the engine was loaded with, e.g. `eng+deu`.
    var languages: LanguageSet { get }

    /// Recognizes the text of a prepared `gray8` image (dark text on white), in its coordinates.
    ///
    /// Blocking; checks `cancellation` while it works and throws `LiveTextError.cancelled`.
    func recognize(_ image: PixelImage, resolution: Int, layout: PageLayout,
                   cancellation: CancellationFlag) throws -> RecognizedPage
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
    public init(bounds: Bounds, lines: [RecognizedLine]) {
        self.bounds = bounds
        self.lines = lines
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
    public init(text: String, bounds: Bounds, confidence: Double) {
        self.text = text
        self.bounds = bounds
        self.confidence = confidence
    }
}
