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
        /// The tables Copy Table copies; empty for every other chip.
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
    /// them). When the reading has tables, a Copy Table chip follows the actions' chips (before
    /// "More…"): it copies them all. Where the chips do not all fit beside the button, fewer
    /// actions are shown and "More…" keeps the rest.
    public static func laidOut(_ analysis: ImageAnalysis, types: [InteractionType], allowDataDetectorsInTextMode: Bool,
                               interface: SupplementaryInterface, metrics: InterfaceMetrics, width: Int, height: Int,
                               measure: (String) -> Int = { _ in 0 },
                               draw: ((InterfaceLayout.Chip) -> LivePicture)? = nil) -> LivePanel {
        let offersText = types.contains(.automatic) || types.contains(.textSelection)
        guard !interface.isHidden, offersText, !analysis.blocks.isEmpty || !analysis.codes.isEmpty else { return .empty }
        let chosen = InteractionOffer(analysis: analysis, types: types, allowDataDetectorsInTextMode: allowDataDetectorsInTextMode)
            .map { QuickActionChips(offer: $0, analysis: analysis) }
        let actions = chosen?.shown ?? [], more = chosen?.more ?? []
        let tables = analysis.tables, tableChips = tables.isEmpty ? 0 : 1
        /// The first `count` chips, Copy Table, and "More…" when anything is left out.
        func titles(_ count: Int) -> [String] {
            actions.prefix(count).map(\.title) + (tables.isEmpty ? [] : [LiveController.copyTableTitle])
                + (count < actions.count || !more.isEmpty ? [moreTitle] : [])
        }
        func layOut(_ titles: [String]) -> InterfaceLayout {
            InterfaceLayout(width: width, height: height, interface: interface, metrics: metrics,
                            chipTitles: titles, liveTextButton: true, measure: measure)
        }
        // As many chips as fit beside the button with "More…" after them; when not even "More…"
        // fits, what fits of them all (the layout says which were dropped).
        var shownCount = actions.count, layout = layOut(titles(shownCount))
        if layout.chips.count < titles(shownCount).count,
           let fits = (0..<actions.count).reversed().first(where: { layOut(titles($0)).chips.count == $0 + tableChips + 1 }) {
            shownCount = fits
            layout = layOut(titles(fits))
        }
        // The layout's own notes (chips dropped for room) are what a full screen of items looks like.
        var panel = LivePanel(button: layout.button,
                              more: more.isEmpty && shownCount < actions.count ? actions.map { [$0] } : more)
        for (index, laidOut) in layout.chips.enumerated() {
            var chip = laidOut
            // Copy Table and "More…" run no action: never drawn as the default, even alone.
            if index >= shownCount { chip.primary = false }
            let copiesTables = index == shownCount && tableChips == 1
            panel.chips.append(Chip(frame: chip.frame, action: index < shownCount ? actions[index] : nil,
                                    tables: copiesTables ? tables : [], picture: draw?(chip)))
        }
        return panel
    }
}
