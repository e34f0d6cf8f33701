import LiveTextCore

/// A right-click menu on the live surface: titles top to bottom in a box at the pointer, kept
/// inside the surface; a click on an entry gives its commands.
public struct LiveMenu {
    public struct Entry: Equatable, Sendable {
        public var title: String
        public var commands: [LiveController.Command]
        public var frame: Bounds
    }

    public var entries: [Entry]
    public var bounds: Bounds
    /// The entry under the pointer, drawn highlighted.
    public var hovered: Int?
    /// The menu as drawn; nil without a painter (plain boxes stand for it).
    public var picture: LivePicture?

    /// Lays out `items` with the top-left corner at `x`, `y` (moved in to stay inside the
    /// `width` × `height` surface), each entry a chip high, as wide as the widest title by `measure`.
    public init(_ items: [(title: String, commands: [LiveController.Command])], x: Int, y: Int, width: Int, height: Int,
         metrics: InterfaceMetrics, measure: (String) -> Int) {
        let rowHeight = metrics.chipHeight, padding = metrics.chipPadding
        let boxWidth = min(width, (items.map { measure($0.title) }.max() ?? 0) + 2 * padding)
        let boxHeight = min(height, rowHeight * items.count)
        let left = max(0, min(x, width - boxWidth)), top = max(0, min(y, height - boxHeight))
        bounds = Bounds(x: left, y: top, width: boxWidth, height: boxHeight)
        entries = items.enumerated().map { index, item in
            Entry(title: item.title, commands: item.commands,
                  frame: Bounds(x: left, y: top + index * rowHeight, width: boxWidth, height: rowHeight))
        }
    }

    public func entry(atX x: Int, y: Int) -> Entry? {
        index(atX: x, y: y).map { entries[$0] }
    }

    public func index(atX x: Int, y: Int) -> Int? {
        entries.firstIndex { $0.frame.contains(x: x, y: y) }
    }
}

/// Draws right-click menus (in the interface font, over the frozen pixels): the desktop's, where
/// the fonts are. Without one, menus are plain boxes with titles measured 7 px a character.
public protocol LiveMenuPainting {
    /// The width of `title` as drawn.
    func measure(_ title: String) -> Int
    /// `menu` with its picture.
    func draw(_ menu: LiveMenu) -> LiveMenu
}
