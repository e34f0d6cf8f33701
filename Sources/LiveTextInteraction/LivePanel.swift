import LiveTextCore

/// The supplementary interface of the live surface for one reading: the Live Text button and the
/// quick-action chips (shown while the button is on), laid out by `InterfaceLayout`; the desktop
/// draws the chips once, off the surface's thread, in the interface font.
public struct LivePanel: Sendable {
    public struct Chip: Sendable, Equatable {
        public var frame: Bounds
        public var action: QuickAction
        /// The chip as drawn over the dimmed screen; nil when it could not be drawn (no frozen
        /// pixels, no font): then a plain box stands for it.
        public var picture: LivePicture?
    }

    public var button: Bounds?
    public var chips: [Chip] = []
    /// Why chips have no titles, or which font stood in for the one asked for.
    public var notes: [String] = []

    public init(button: Bounds? = nil, chips: [Chip] = [], notes: [String] = []) {
        self.button = button
        self.chips = chips
        self.notes = notes
    }

    /// Nothing: no button, no chips.
    public static let empty = LivePanel()

    /// The button (where there is something to show, and text is offered) and the chips of
    /// `analysis`' first-class quick actions, on a `width` × `height` surface; titles measured by
    /// `measure` (asked only when there are chips) and each chip drawn by `draw` (nil: plain
    /// boxes stand for them).
    public static func laidOut(_ analysis: ImageAnalysis, types: [InteractionType], allowDataDetectorsInTextMode: Bool,
                               interface: SupplementaryInterface, metrics: InterfaceMetrics, width: Int, height: Int,
                               measure: (String) -> Int = { _ in 0 },
                               draw: ((InterfaceLayout.Chip) -> LivePicture)? = nil) -> LivePanel {
        let offersText = types.contains(.automatic) || types.contains(.textSelection)
        guard !interface.isHidden, offersText, !analysis.blocks.isEmpty || !analysis.codes.isEmpty else { return .empty }
        let actions = InteractionOffer(analysis: analysis, types: types,
                                       allowDataDetectorsInTextMode: allowDataDetectorsInTextMode)?.chipActions ?? []
        let layout = InterfaceLayout(width: width, height: height, interface: interface, metrics: metrics,
                                     chipTitles: actions.map(\.title), liveTextButton: true, measure: measure)
        // The layout's own notes (chips dropped for room) are what a full screen of items looks like.
        var panel = LivePanel(button: layout.button)
        for (index, chip) in layout.chips.enumerated() {
            panel.chips.append(Chip(frame: chip.frame, action: actions[index], picture: draw?(chip)))
        }
        return panel
    }
}
