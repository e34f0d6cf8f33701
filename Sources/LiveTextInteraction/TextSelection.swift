/// A range of an analysis' text between two positions in reading order. The anchor is where the
/// selection began (a press, the word of a double click) and stays when it is extended; the
/// focus follows the pointer. Either may come first in reading order.
public struct TextSelection: Sendable, Hashable, CustomStringConvertible {
    public var anchor: TextPosition
    public var focus: TextPosition

    public init(anchor: TextPosition, focus: TextPosition) {
        self.anchor = anchor
        self.focus = focus
    }

    /// Nothing selected yet: a caret at `position`.
    public init(caret position: TextPosition) {
        self.init(anchor: position, focus: position)
    }

    /// The first position in reading order.
    public var start: TextPosition { min(anchor, focus) }
    /// The last position in reading order (exclusive: the character before it is the last selected).
    public var end: TextPosition { max(anchor, focus) }
    /// Anchor and focus at one place: nothing to copy or draw.
    public var isEmpty: Bool { anchor == focus }

    /// Extended to `position` the way a Shift+click extends: a position at or before the
    /// selection's start keeps its end and selects back to it, one at or after its end keeps its
    /// start, one strictly inside moves the focus.
    public func extended(to position: TextPosition) -> TextSelection {
        if position <= start { return TextSelection(anchor: end, focus: position) }
        if position >= end { return TextSelection(anchor: start, focus: position) }
        return TextSelection(anchor: anchor, focus: position)
    }

    /// Whether `position` lies within the selection (its start included, its end not).
    public func contains(_ position: TextPosition) -> Bool {
        position >= start && position < end
    }

    public var description: String { "\(anchor)…\(focus)" }
}
