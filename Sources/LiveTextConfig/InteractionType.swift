/// What a capture offers the user (VisionKit's `ImageAnalysisInteraction.InteractionTypes`);
/// the raw values are the names used in the file and over D-Bus.
public enum InteractionType: String, Sendable, Hashable, CaseIterable {
    /// Text and detector actions.
    case automatic
    /// Text only; detector actions as secondary ones when `allowDataDetectorsInTextMode`.
    case textSelection
    /// Detector actions only, no "copy all text".
    case dataDetectors
    /// Nothing offered: no notification (VisionKit's empty set).
    case none
}
