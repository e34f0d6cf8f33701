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
