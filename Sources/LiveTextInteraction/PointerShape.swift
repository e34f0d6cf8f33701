/// The pointer's shape over what is under it.
public enum PointerShape: Sendable, Hashable, CaseIterable {
    /// Over text.
    case iBeam
    /// Over items and buttons.
    case hand
    /// Elsewhere.
    case arrow
}
