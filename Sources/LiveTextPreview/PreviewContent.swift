import LiveTextCore

/// What the preview shows over a capture, decided by the interaction types before drawing: the
/// renderer draws exactly this and decides nothing about what is offered.
public struct PreviewContent: Sendable, Hashable {
    /// Selectable text, highlighted (line bounds, in the capture's pixels).
    public var textBounds: [Bounds]
    /// Data detectors, underlined (in the capture's pixels).
    public var itemBounds: [Bounds]
    /// Machine-readable codes, outlined (in the capture's pixels).
    public var codeBounds: [Bounds]
    /// Quick-action chips, left to right from the bottom-left corner; the first is the primary one.
    public var chips: [String]
    /// Whether the Live Text button is drawn at the bottom-right.
    public var liveTextButton: Bool

    public init(textBounds: [Bounds] = [], itemBounds: [Bounds] = [], codeBounds: [Bounds] = [],
                chips: [String] = [], liveTextButton: Bool = false) {
        self.textBounds = textBounds
        self.itemBounds = itemBounds
        self.codeBounds = codeBounds
        self.chips = chips
        self.liveTextButton = liveTextButton
    }
}
