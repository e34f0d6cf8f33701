import LiveTextCore

/// A right-click menu on the live surface: titles top to bottom in a box at the pointer, kept
/// inside the surface; a click on an entry (or Enter on the highlighted one) gives its commands,
/// or shows its details in the menu's place.
public struct LiveMenu {
    /// What a menu lists: a title and what choosing it does.
    public struct Item: Equatable, Sendable {
        public var title: String
        public var commands: [LiveController.Command]
        /// Choosing it shows these in the menu's place (a Wi-Fi code's details) instead.
        public var details: [Item]
        /// Choosing it selects all the text (Select All): the menu closes, the surface stays.
        public var selectsAll: Bool

        public init(_ title: String, _ commands: [LiveController.Command] = [], details: [Item] = [],
                    selectsAll: Bool = false) {
            self.title = title
            self.commands = commands
            self.details = details
            self.selectsAll = selectsAll
        }

        /// It does something when chosen; a line that only informs does not (nor is it highlighted).
        public var isEnabled: Bool { !commands.isEmpty || !details.isEmpty || selectsAll }
    }

    public struct Entry: Equatable, Sendable {
        public var item: Item
        public var frame: Bounds

        public var title: String { item.title }
        public var commands: [LiveController.Command] { item.commands }
        public var isEnabled: Bool { item.isEnabled }
    }

    /// How a key moves the highlight.
    public enum Step: Sendable {
        /// Down: the next entry that can be chosen, from the last round to the first.
        case next
        /// Up: the one before, from the first round to the last.
        case previous
        /// Home.
        case first
        /// End.
        case last
    }

    public var entries: [Entry]
    public var bounds: Bounds
    /// The entry highlighted: under the pointer, or moved to with the keys.
    public var hovered: Int?
    /// The menu as drawn; nil without a painter (plain boxes stand for it).
    public var picture: LivePicture?

    /// Lays out `items` with the top-left corner at `x`, `y` (moved in to stay inside the
    /// `width` × `height` surface), each entry a chip high, as wide as the widest title by `measure`.
    public init(_ items: [Item], x: Int, y: Int, width: Int, height: Int, metrics: InterfaceMetrics,
                measure: (String) -> Int) {
        let rowHeight = metrics.chipHeight, padding = metrics.chipPadding
        let boxWidth = min(width, (items.map { measure($0.title) }.max() ?? 0) + 2 * padding)
        let boxHeight = min(height, rowHeight * items.count)
        let left = max(0, min(x, width - boxWidth)), top = max(0, min(y, height - boxHeight))
        bounds = Bounds(x: left, y: top, width: boxWidth, height: boxHeight)
        entries = items.enumerated().map { index, item in
            Entry(item: item, frame: Bounds(x: left, y: top + index * rowHeight, width: boxWidth, height: rowHeight))
        }
    }

    public func entry(atX x: Int, y: Int) -> Entry? {
        index(atX: x, y: y).map { entries[$0] }
    }

    public func index(atX x: Int, y: Int) -> Int? {
        entries.firstIndex { $0.frame.contains(x: x, y: y) }
    }

    /// The highlight moved by `step` over the entries that can be chosen; none stays none when
    /// there are none.
    public mutating func move(_ step: Step) {
        let enabled = entries.indices.filter { entries[$0].isEnabled }
        guard let first = enabled.first, let last = enabled.last else { hovered = nil; return }
        switch step {
        case .first: hovered = first
        case .last: hovered = last
        case .next: hovered = hovered.flatMap { current in enabled.first { $0 > current } } ?? first
        case .previous: hovered = hovered.flatMap { current in enabled.last { $0 < current } } ?? last
        }
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
