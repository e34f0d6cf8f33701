import LiveTextCore

/// VisionKit's settings of the supplementary interface (the Live Text button and the
/// quick-action chips): whether it is hidden, the insets it keeps inside, and its font.
public struct SupplementaryInterface: Sendable, Hashable {
    /// `supplementaryInterfaceIsHidden`: no button and no chips at all.
    public var isHidden: Bool
    /// `supplementaryInterfaceContentInsets`, in interface points (pixels at scale 1).
    public var contentInsets: EdgeInsets
    /// `supplementaryInterfaceFont`: family and style; the size is `InterfaceMetrics.fontPixelHeight`.
    public var font: FontDescription

    public init(isHidden: Bool = false, contentInsets: EdgeInsets = .zero, font: FontDescription = .standard) {
        self.isHidden = isHidden
        self.contentInsets = contentInsets
        self.font = font
    }
}

extension SupplementaryInterface {
    /// The same settings on a `width` × `height` canvas of which only `workArea` is left to
    /// windows (panels and docks hold the rest): each content inset grows by what lies outside the
    /// work area on its side, in points at `metrics`' scale, so the button and chips keep off the
    /// panels and still keep the insets asked for. Unchanged without a work area.
    public func inside(_ workArea: Bounds?, width: Int, height: Int, metrics: InterfaceMetrics) -> SupplementaryInterface {
        guard let workArea else { return self }
        let area = workArea.intersection(Bounds(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return self }
        func points(_ pixels: Int) -> Double { Double(max(0, pixels)) / metrics.scale }
        var placed = self
        let wanted = contentInsets
        // Insets that are not finite or negative count as 0 (the layout says so in its notes).
        func kept(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }
        placed.contentInsets = EdgeInsets(top: kept(wanted.top) + points(area.y),
                                          left: kept(wanted.left) + points(area.x),
                                          bottom: kept(wanted.bottom) + points(height - area.maxY),
                                          right: kept(wanted.right) + points(width - area.maxX))
        return placed
    }
}
