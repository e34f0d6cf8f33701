/// A control of the supplementary interface, as hit testing finds it.
public enum InterfaceControl: Sendable, Hashable {
    /// The Live Text button: shows or hides everything that was found.
    case liveTextButton
    /// `InterfaceLayout.chips[index]`, which is the index-th title laid out.
    case chip(Int)
}

extension InterfaceLayout {
    /// The control under `point` (canvas pixels), nil over none.
    public func control(at point: PixelPoint) -> InterfaceControl? {
        if let button, button.contains(point) { return .liveTextButton }
        return chips.firstIndex { $0.frame.contains(point) }.map(InterfaceControl.chip)
    }
}
