/// Finds what an analysis's text and codes mean: detected items and the quick actions they imply.
///
/// The data detectors live in their own module; the analyzer only calls them through this.
public protocol ContentInterpreter: Sendable {
    /// Fills `items` and `actions` of `analysis`.
    ///
    /// - Parameter only: the item kinds wanted; nil for all.
    func interpret(_ analysis: inout ImageAnalysis, only: Set<ItemKind>?)
}
