import LiveTextCore
import LiveTextInteraction

extension InteractionOffer {
    /// What the preview draws for this offer: highlighted lines and the Live Text button when the
    /// text is offered, underlined items and outlined codes when detectors are, and the chips.
    public func previewContent(for analysis: ImageAnalysis) -> PreviewContent {
        let detectors = detectorBounds(in: analysis)
        return PreviewContent(textBounds: textBounds(in: analysis), itemBounds: detectors.items,
                              codeBounds: detectors.codes, chips: chipActions.prefix(4).map(\.title),
                              liveTextButton: offersText)
    }
}
