/// The result of analysing one image (VisionKit's `ImageAnalysis`).
///
/// Its `Codable` form is the `--json` document of PRODUCT.md, field for field.
public struct ImageAnalysis: Sendable, Hashable, Codable {
    public var image: ImageInfo
    /// Every line of text in reading order: lines joined by `\n`, blocks by a blank line.
    public var text: String
    public var blocks: [TextBlock]
    public var codes: [MachineReadableCode]
    /// The tables among the blocks (`TableFinder`), top to bottom.
    public var tables: [TextTable]
    public var items: [DetectedItem]
    public var actions: [QuickAction]
    public var timing: Timing

    /// `regions`: the windows the page was read apart by, which no table crosses.
    public init(image: ImageInfo, blocks: [TextBlock] = [], codes: [MachineReadableCode] = [],
                items: [DetectedItem] = [], actions: [QuickAction] = [], timing: Timing = Timing(),
                regions: ContentRegions = ContentRegions()) {
        self.image = image
        self.blocks = blocks
        self.text = TextBlock.joinedText(of: blocks)
        self.codes = codes
        self.tables = TableFinder.tables(in: blocks, regions: regions)
        self.items = items
        self.actions = actions
        self.timing = timing
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        image = try container.decode(ImageInfo.self, forKey: .image)
        text = try container.decode(String.self, forKey: .text)
        blocks = try container.decode([TextBlock].self, forKey: .blocks)
        codes = try container.decode([MachineReadableCode].self, forKey: .codes)
        tables = try container.decodeIfPresent([TextTable].self, forKey: .tables) ?? TableFinder.tables(in: blocks)
        items = try container.decode([DetectedItem].self, forKey: .items)
        timing = try container.decode(Timing.self, forKey: .timing)
        var actions = try container.decode([QuickAction].self, forKey: .actions)
        for index in actions.indices {
            guard let subject = QuickAction.subject(ofID: actions[index].id, items: items, codeCount: codes.count) else {
                throw DecodingError.dataCorruptedError(forKey: .actions, in: container,
                                                       debugDescription: "action '\(actions[index].id)' names nothing")
            }
            actions[index].subject = subject
        }
        self.actions = actions
    }

    /// The image an analysis describes.
    public struct ImageInfo: Sendable, Hashable, Codable {
        public var width: Int
        public var height: Int
        /// Where the pixels came from: `file:/abs/path`, `stdin`, `pixels`, `screen`, ...
        public var source: String

        public init(width: Int, height: Int, source: String) {
            self.width = width
            self.height = height
            self.source = source
        }
    }

    public struct Timing: Sendable, Hashable, Codable {
        /// Wall-clock milliseconds from pixels in hand to analysis done, one decimal.
        public var totalMs: Double
        /// Milliseconds the screen capture took (screen, monitor, window and region captures).
        public var captureMs: Double?
        /// Wall-clock milliseconds reading the text applications publish on the accessibility
        /// bus, when it was read (a screen capture's; within `totalMs` when the OCR waited for it).
        public var accessibilityMs: Double?
        /// Wall-clock milliseconds reading codes, when they were read.
        public var codesMs: Double?
        /// Wall-clock milliseconds preparing the pixels for OCR (polarity, contrast, enlargement).
        public var preprocessMs: Double?
        /// Engine milliseconds laying out the page into text lines, summed over the engines.
        public var layoutMs: Double?
        /// Engine milliseconds reading the text lines, summed over the engines. With `layoutMs`,
        /// the work the OCR engines did: no schedule reads the text in less than their sum over
        /// `engines`.
        public var linesMs: Double?
        /// Wall-clock milliseconds finding the page's tables and reading them (their short cells,
        /// the cells read again, row by row), when text was read.
        public var tablesMs: Double?
        /// How many OCR engines read the page at once.
        public var engines: Int?
        /// True when the text and codes came from the cache of recently analyzed pixels (and
        /// nothing was read again); absent otherwise.
        public var cached: Bool?

        public init(totalMs: Double = 0, captureMs: Double? = nil) {
            self.totalMs = Self.rounded(totalMs)
            self.captureMs = captureMs.map(Self.rounded)
        }

        /// One decimal.
        public static func rounded(_ milliseconds: Double) -> Double { (milliseconds * 10).rounded() / 10 }
    }
}

/// A block of text: one or more lines that belong together (a paragraph, a cell, a label).
public struct TextBlock: Sendable, Hashable, Codable {
    public var text: String
    public var bounds: Bounds
    /// Mean word confidence weighted by word length, 0-100, one decimal.
    public var confidence: Double
    /// The OCR language it was read in (tesseract name, `deu`); nil when not known.
    public var language: String?
    public var lines: [TextLine]
    /// Its corners, turned as its lines are (`Quad`); `bounds` holds it.
    public var quad: Quad

    public init(lines: [TextLine]) {
        self.lines = lines
        self.text = lines.map(\.text).joined(separator: "\n")
        let union = lines.map(\.bounds).union
        self.quad = Quad.enclosing(lines.map(\.quad))?.rounded() ?? Quad(union)
        self.bounds = union.union(quad.bounds)
        let words = lines.flatMap(\.words)
        self.confidence = (Self.meanConfidence(words.map { ($0.text, $0.confidence) }) * 10).rounded() / 10
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        bounds = try container.decode(Bounds.self, forKey: .bounds)
        confidence = try container.decode(Double.self, forKey: .confidence)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        lines = try container.decode([TextLine].self, forKey: .lines)
        quad = try container.decodeIfPresent(Quad.self, forKey: .quad) ?? Quad(bounds)
    }

    /// Mean confidence weighted by word length; 0 without words.
    static func meanConfidence(_ words: [(text: String, confidence: Double)]) -> Double {
        let weight = words.reduce(0) { $0 + $1.text.count }
        let sum = words.reduce(0.0) { $0 + $1.confidence * Double($1.text.count) }
        return weight > 0 ? sum / Double(weight) : 0
    }

    /// Lines joined by `\n`, blocks by a blank line.
    public static func joinedText(of blocks: [TextBlock]) -> String {
        blocks.map(\.text).joined(separator: "\n\n")
    }
}

public struct TextLine: Sendable, Hashable, Codable {
    public var text: String
    public var bounds: Bounds
    public var words: [TextWord]
    /// Its corners, turned as its words are (`Quad`); `bounds` holds it.
    public var quad: Quad
    /// Read off the pixels, or published by its application (when all its words were).
    public var source: TextSource

    public init(words: [TextWord]) {
        self.words = words
        self.source = !words.isEmpty && words.allSatisfy { $0.source == .accessibility } ? .accessibility : .ocr
        self.text = words.map(\.text).joined(separator: " ")
        let union = words.map(\.bounds).union
        self.quad = Quad.enclosing(words.map(\.quad))?.rounded() ?? Quad(union)
        self.bounds = union.union(quad.bounds)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        bounds = try container.decode(Bounds.self, forKey: .bounds)
        words = try container.decode([TextWord].self, forKey: .words)
        quad = try container.decodeIfPresent(Quad.self, forKey: .quad) ?? Quad(bounds)
        source = try container.decodeIfPresent(TextSource.self, forKey: .source) ?? .ocr
    }
}

public struct TextWord: Sendable, Hashable, Codable {
    public var text: String
    public var bounds: Bounds
    /// The recognizer's confidence, 0-100, one decimal.
    public var confidence: Double
    /// Its corners as it reads (`Quad`): the rectangle of `bounds` for level text; `bounds` holds it.
    public var quad: Quad
    /// Read off the pixels, or published by its application.
    public var source: TextSource

    /// `quad`: where tilted text lies (nil: level, the rectangle of `bounds`).
    public init(text: String, bounds: Bounds, confidence: Double, quad: Quad? = nil, source: TextSource = .ocr) {
        self.text = text
        self.bounds = bounds
        self.confidence = (min(100, max(0, confidence)) * 10).rounded() / 10
        self.quad = quad ?? Quad(bounds)
        self.source = source
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        bounds = try container.decode(Bounds.self, forKey: .bounds)
        confidence = try container.decode(Double.self, forKey: .confidence)
        quad = try container.decodeIfPresent(Quad.self, forKey: .quad) ?? Quad(bounds)
        source = try container.decodeIfPresent(TextSource.self, forKey: .source) ?? .ocr
    }
}

/// A QR code or barcode (VisionKit's machine-readable code).
public struct MachineReadableCode: Sendable, Hashable, Codable {
    /// ZBar's name of the symbology: `QR-Code`, `EAN-13`, `CODE-128`, ...
    public var symbology: String
    public var payload: String
    public var bounds: Bounds

    public init(symbology: String, payload: String, bounds: Bounds) {
        self.symbology = symbology
        self.payload = payload
        self.bounds = bounds
    }
}

/// Something a data detector found in the text or in a code's payload.
public struct DetectedItem: Sendable, Hashable, Codable {
    public enum Source: String, Sendable, Hashable, Codable {
        case text
        case code
    }

    /// What it is; the JSON's `type`.
    public var kind: ItemKind
    public var text: String
    /// Unicode-scalar offsets into the analysis text (or the code payload), end exclusive.
    public var start: Int
    public var end: Int
    public var bounds: Bounds?
    /// One rectangle per line of text the item covers, in reading order, when it covers more than
    /// one (an address over three lines); `bounds` is their union. Nil for an item on one line
    /// (`bounds` is its rectangle) and for items read from a code. The JSON's `lines`, present
    /// only when set: a contract extension.
    public var lines: [Bounds]?
    /// Its corners on the image as its text reads (`Quad`), when it has bounds: the rectangle of
    /// `bounds` for level text, turned with tilted text (for an item over several lines, the
    /// turned rectangle holding them all). The JSON's `quad`, a contract extension.
    public var quad: Quad?
    /// One quad per line, beside `lines` (set exactly when it is). The JSON's `lineQuads`.
    public var lineQuads: [Quad]?
    public var source: Source
    public var value: [String: JSONValue]

    public init(kind: ItemKind, text: String, start: Int, end: Int, bounds: Bounds? = nil, lines: [Bounds]? = nil,
                source: Source = .text, value: [String: JSONValue] = [:]) {
        self.kind = kind
        self.text = text
        self.start = start
        self.end = end
        self.bounds = bounds
        self.lines = lines
        self.quad = bounds.map(Quad.init)
        self.lineQuads = lines.map { $0.map(Quad.init) }
        self.source = source
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(ItemKind.self, forKey: .kind)
        text = try container.decode(String.self, forKey: .text)
        start = try container.decode(Int.self, forKey: .start)
        end = try container.decode(Int.self, forKey: .end)
        bounds = try container.decodeIfPresent(Bounds.self, forKey: .bounds)
        lines = try container.decodeIfPresent([Bounds].self, forKey: .lines)
        quad = try container.decodeIfPresent(Quad.self, forKey: .quad) ?? bounds.map(Quad.init)
        lineQuads = try container.decodeIfPresent([Quad].self, forKey: .lineQuads) ?? lines.map { $0.map(Quad.init) }
        source = try container.decode(Source.self, forKey: .source)
        value = try container.decode([String: JSONValue].self, forKey: .value)
    }

    enum CodingKeys: String, CodingKey {
        case kind = "type", text, start, end, bounds, quad, lines, lineQuads, source, value
    }
}

/// An action a detected item or code implies (VisionKit's quick actions).
public struct QuickAction: Sendable, Hashable, Codable {
    /// What performing the action does; the JSON's `kind`.
    public enum Kind: String, CaseIterable, Sendable, Hashable, Codable {
        /// Opens `target` (a URL) with the desktop's opener.
        case open
        /// Opens a `mailto:` target.
        case mail
        /// Opens a `tel:` target.
        case call
        /// Opens a map URL.
        case map
        /// Adds the event `target` (an ISO 8601 time or interval) to the calendar.
        case calendar
        /// Opens a carrier's or a flight's status page.
        case track
        /// Puts `target` on the clipboard.
        case copy
        /// Opens the look-up URL for the text.
        case lookup
        /// Opens the translation URL for the text.
        case translate
    }

    /// What an action acts on.
    public enum Subject: Sendable, Hashable {
        /// The analysis' text as a whole.
        case text
        /// `items[index]`.
        case item(Int)
        /// `codes[index]`.
        case code(Int)
    }

    /// Stable within an analysis, e.g. `open-link-0`: `<verb>-<item type>-<n>` for the n-th
    /// item of that type, `copy-code-<n>`, or `<verb>-text`.
    public var id: String
    /// What a person reads on the button: `Open example.org`.
    public var title: String
    public var kind: Kind
    public var target: String
    /// What it acts on. Not in the JSON: a decoded analysis finds it again from the id
    /// (`ImageAnalysis.init(from:)`).
    public var subject: Subject

    public init(id: String, title: String, kind: Kind, target: String, subject: Subject) {
        self.id = id
        self.title = title
        self.kind = kind
        self.target = target
        self.subject = subject
    }

    enum CodingKeys: String, CodingKey {
        case id, title, kind, target
    }

    /// Decoded alone, an action acts on the text until its analysis says otherwise.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(String.self, forKey: .id),
                  title: try container.decode(String.self, forKey: .title),
                  kind: try container.decode(Kind.self, forKey: .kind),
                  target: try container.decode(String.self, forKey: .target), subject: .text)
    }

    /// The subject an id names among `items` and `codes`: `copy-code-1` the second code,
    /// `call-phone-0` the first phone item, `copy-text` the text; nil when it names none.
    public static func subject(ofID id: String, items: [DetectedItem], codeCount: Int) -> Subject? {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, parts[1] == "text" { return .text }
        guard parts.count == 3, let n = Int(parts[2]), n >= 0 else { return nil }
        if parts[1] == "code" { return n < codeCount ? .code(n) : nil }
        guard let kind = ItemKind(rawValue: String(parts[1])) else { return nil }
        var seen = 0
        for (index, item) in items.enumerated() where item.kind == kind {
            if seen == n { return .item(index) }
            seen += 1
        }
        return nil
    }
}
