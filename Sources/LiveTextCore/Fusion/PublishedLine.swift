/// Where a line of the result came from: read off the pixels, or published by the application
/// that drew it (the accessibility bus).
public enum TextSource: String, Sendable, Hashable, Codable {
    case ocr
    case accessibility
}

/// A line an application says it drew, placed on the image being analysed (its pixels'
/// coordinates, clipped to what is visible of its widget and window).
public struct PublishedLine: Sendable, Hashable {
    public var text: String
    public var bounds: Bounds
    /// False where the application is known to misplace lines: the line's place is then found
    /// among the OCR's lines.
    public var geometryTrusted: Bool
    /// Lines of one widget share a group: they make one block.
    public var group: Int

    public init(text: String, bounds: Bounds, geometryTrusted: Bool = true, group: Int = 0) {
        self.text = text
        self.bounds = bounds
        self.geometryTrusted = geometryTrusted
        self.group = group
    }
}
