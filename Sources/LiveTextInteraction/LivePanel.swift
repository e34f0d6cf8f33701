import LiveTextCore

/// The supplementary interface of the live surface for one reading: the Live Text button and the
/// quick-action chips (shown while the button is on), laid out by `InterfaceLayout`; the desktop
/// draws the chips once, off the surface's thread, in the interface font.
public struct LivePanel: Sendable {
    public struct Chip: Sendable, Equatable {
        public var frame: Bounds
        /// What a click on it runs; nil for Copy Table and "More…", which shows the menu of
        /// `LivePanel.more`.
        public var action: QuickAction?
        /// The table a Copy Table chip copies (one: each table has its chip); empty for every other chip.
        public var tables: [TextTable] = []
        /// The chip as drawn over the dimmed screen; nil when it could not be drawn (no frozen
        /// pixels, no font): then a plain box stands for it.
        public var picture: LivePicture?

        public init(frame: Bounds, action: QuickAction? = nil, tables: [TextTable] = [], picture: LivePicture? = nil) {
            self.frame = frame
            self.action = action
            self.tables = tables
            self.picture = picture
        }
    }

    public var button: Bounds?
    /// At most `QuickActionChips.limit` chips of actions, then "More…" when there are more.
    public var chips: [Chip] = []
    /// What "More…" lists, one group a subject (`QuickActionChips.more`); empty without it.
    public var more: [[QuickAction]] = []
    /// Why chips have no titles, or which font stood in for the one asked for.
    public var notes: [String] = []

    /// The title of the chip that shows every action.
    public static let moreTitle = "More…"

    public init(button: Bounds? = nil, chips: [Chip] = [], more: [[QuickAction]] = [], notes: [String] = []) {
        self.button = button
        self.chips = chips
        self.more = more
        self.notes = notes
    }

    /// Nothing: no button, no chips.
    public static let empty = LivePanel()

    /// The button (where there is something to show, and text is offered) and the chips of
    /// `analysis`' quick actions (`QuickActionChips`: at most three, the most useful first, and
    /// "More…" when there are more), on a `width` × `height` surface; titles measured by `measure`
    /// (asked only when there are chips) and each chip drawn by `draw` (nil: plain boxes stand for
    /// them). Each table of the reading has a Copy Table chip of its own, by the table
    /// (`tableChips`). Where the chips do not all fit beside the button, fewer actions are shown
    /// and "More…" keeps the rest.
    public static func laidOut(_ analysis: ImageAnalysis, types: [InteractionType], allowDataDetectorsInTextMode: Bool,
                               interface: SupplementaryInterface, metrics: InterfaceMetrics, width: Int, height: Int,
                               measure: (String) -> Int = { _ in 0 },
                               draw: ((InterfaceLayout.Chip) -> LivePicture)? = nil) -> LivePanel {
        let offersText = types.contains(.automatic) || types.contains(.textSelection)
        guard !interface.isHidden, offersText, !analysis.blocks.isEmpty || !analysis.codes.isEmpty else { return .empty }
        let chosen = InteractionOffer(analysis: analysis, types: types, allowDataDetectorsInTextMode: allowDataDetectorsInTextMode)
            .map { QuickActionChips(offer: $0, analysis: analysis) }
        let actions = chosen?.shown ?? [], more = chosen?.more ?? []
        /// The first `count` chips, and "More…" when anything is left out.
        func titles(_ count: Int) -> [String] {
            actions.prefix(count).map(\.title) + (count < actions.count || !more.isEmpty ? [moreTitle] : [])
        }
        func layOut(_ titles: [String]) -> InterfaceLayout {
            InterfaceLayout(width: width, height: height, interface: interface, metrics: metrics,
                            chipTitles: titles, liveTextButton: true, measure: measure)
        }
        // As many chips as fit beside the button with "More…" after them; when not even "More…"
        // fits, what fits of them all (the layout says which were dropped).
        var shownCount = actions.count, layout = layOut(titles(shownCount))
        if layout.chips.count < titles(shownCount).count,
           let fits = (0..<actions.count).reversed().first(where: { layOut(titles($0)).chips.count == $0 + 1 }) {
            shownCount = fits
            layout = layOut(titles(fits))
        }
        // The layout's own notes (chips dropped for room) are what a full screen of items looks like.
        var panel = LivePanel(button: layout.button,
                              more: more.isEmpty && shownCount < actions.count ? actions.map { [$0] } : more)
        for (index, laidOut) in layout.chips.enumerated() {
            var chip = laidOut
            // "More…" runs no action: never drawn as the default, even alone.
            if index >= shownCount { chip.primary = false }
            panel.chips.append(Chip(frame: chip.frame, action: index < shownCount ? actions[index] : nil, picture: draw?(chip)))
        }
        panel.chips += tableChips(analysis.tables, clearOf: panel.chips.map(\.frame) + [layout.button].compactMap { $0 },
                                  within: layout.contentRect, metrics: metrics, measure: measure, draw: draw)
        return panel
    }

    /// The most tables that get a chip of their own.
    public static let tableChipLimit = 8

    /// A Copy Table chip for each of `tables` (the first `tableChipLimit`), placed by its table:
    /// over its top right corner, or under its bottom right corner where there is no room above
    /// or the place above is taken (by `taken`: the button, the actions' chips, the chips of the
    /// tables before it); inside `content` always. Each copies its own table.
    static func tableChips(_ tables: [TextTable], clearOf taken: [Bounds], within content: Bounds, metrics: InterfaceMetrics,
                           measure: (String) -> Int, draw: ((InterfaceLayout.Chip) -> LivePicture)?) -> [Chip] {
        let title = LiveController.copyTableTitle, height = metrics.chipHeight
        let width = max(height, min(metrics.chipMaxWidth, measure(title) + 2 * metrics.chipPadding))
        guard content.width >= width, content.height >= height else { return [] }
        var taken = taken, chips: [Chip] = []
        for table in tables.prefix(tableChipLimit) {
            let x = min(max(content.x, table.bounds.maxX - width), content.maxX - width)
            let above = table.bounds.y - metrics.gap - height, below = table.bounds.maxY + metrics.gap
            // Above where there is room, else below, else over the table's top (inside `content`).
            let fitting = [above, below].filter { $0 >= content.y && $0 + height <= content.maxY }
            let places = (fitting + [min(max(content.y, table.bounds.y), content.maxY - height)]).map {
                Bounds(x: x, y: $0, width: width, height: height)
            }
            let frame = places.first { place in !taken.contains { $0.intersection(place).area > 0 } } ?? places[0]
            taken.append(frame)
            chips.append(Chip(frame: frame, tables: [table],
                              picture: draw?(InterfaceLayout.Chip(title: title, frame: frame, primary: false))))
        }
        return chips
    }
}
