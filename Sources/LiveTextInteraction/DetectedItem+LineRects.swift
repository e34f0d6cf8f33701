import LiveTextCore

extension DetectedItem {
    /// The rectangles to underline: one per line the item covers (`lines` when it covers more
    /// than one, else `bounds`); none without bounds.
    public var lineRects: [Bounds] {
        lines ?? bounds.map { [$0] } ?? []
    }
}
