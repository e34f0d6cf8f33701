import LiveTextCore
import LiveTextPreview

extension InteractionOffer {
    /// Chips for the preview: the first-class actions, most likely first, without the look-up and
    /// translate ones (they need a browser, not a glance).
    public var chipActions: [QuickAction] {
        actions.filter { !secondary.contains($0.id) && $0.kind != .lookup && $0.kind != .translate }
    }

    /// What the preview draws for this offer: highlighted lines and the Live Text button when the
    /// text is offered, underlined items and outlined codes when detectors are, and the chips.
    public func previewContent(for analysis: ImageAnalysis) -> PreviewContent {
        let detectors = detectorBounds(in: analysis)
        return PreviewContent(textBounds: textBounds(in: analysis), itemBounds: detectors.items,
                              codeBounds: detectors.codes, chips: chipActions.prefix(4).map(\.title),
                              liveTextButton: offersText)
    }
}
