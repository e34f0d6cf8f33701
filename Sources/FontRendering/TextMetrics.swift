/// The size of a run of text at one pixel height, in whole pixels.
public struct TextMetrics: Sendable, Hashable {
    /// Pen advance over the whole run, kerning included.
    public var width: Int
    /// Pixels above the baseline (the face's ascender at this size).
    public var ascent: Int
    /// Pixels below the baseline (the face's descender at this size, positive).
    public var descent: Int

    public init(width: Int, ascent: Int, descent: Int) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }

    /// `ascent + descent`: the height of a line box.
    public var height: Int { ascent + descent }
}
