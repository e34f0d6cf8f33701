import LiveTextCore

/// One thing a detector found: its kind, where it is and what it means.
public struct Detection: Sendable, Hashable {
    public var kind: ItemKind
    /// Unicode-scalar offsets into the scanned text, end exclusive.
    public var range: Range<Int>
    /// The item's `value` object of PRODUCT.md (e.g. `e164` and `region` for a phone number).
    public var value: [String: JSONValue]

    public init(kind: ItemKind, range: Range<Int>, value: [String: JSONValue]) {
        self.kind = kind
        self.range = range
        self.value = value
    }
}

extension Detection {
    /// The item this detection is in `text` (the text it was found in).
    public func item(in text: ScannedText, bounds: Bounds? = nil, source: DetectedItem.Source) -> DetectedItem {
        DetectedItem(kind: kind, text: text.string(range), start: range.lowerBound, end: range.upperBound,
                     bounds: bounds, source: source, value: value)
    }
}

/// A data detector: finds one or more kinds of item in text.
///
/// Detectors scan `ScannedText` linearly (no regular expressions: megabytes of hostile text must
/// finish in linear time) and validate what they find (check digits, numbering plans, calendars)
/// rather than matching any digit run.
public protocol Detector: Sendable {
    /// The kinds this detector reports, so a `--only` filter can skip it.
    var kinds: Set<ItemKind> { get }
    func detect(in text: ScannedText, context: DetectionContext) -> [Detection]
}
