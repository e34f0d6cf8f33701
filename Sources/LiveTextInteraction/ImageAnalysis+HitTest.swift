import LiveTextCore

extension ImageAnalysis {
    /// The detected item or code under `point` (image pixels), as the subject of its quick
    /// actions: an item found in the text when the point is on one of its lines (`lineShapes`: turned
    /// with tilted text), else
    /// a code when it is inside the code's bounds. Items read from a code's payload are reached
    /// through their code. The first in reading order wins where items overlap.
    public func itemOrCode(at point: PixelPoint) -> QuickAction.Subject? {
        if let index = items.indices.first(where: { items[$0].source == .text && items[$0].lineShapes.contains { $0.contains(point) } }) {
            return .item(index)
        }
        return codes.indices.first { codes[$0].bounds.contains(point) }.map(QuickAction.Subject.code)
    }
}
