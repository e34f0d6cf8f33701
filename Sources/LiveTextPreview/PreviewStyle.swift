import LiveTextInteraction

/// How the preview is drawn: VisionKit's supplementary interface settings plus the image size.
public struct PreviewStyle: Sendable, Hashable {
    /// `supplementaryInterfaceIsHidden`: only the scaled capture, nothing drawn over it.
    public var hidden: Bool
    /// `supplementaryInterfaceContentInsets`, in preview pixels: chips and the Live Text button
    /// stay inside the image minus these.
    public var insets: EdgeInsets
    /// `supplementaryInterfaceFont`: family and style; any size in it is ignored.
    public var fontName: String
    /// The largest preview; smaller captures keep their size.
    public var maxWidth: Int
    public var maxHeight: Int

    public init(hidden: Bool = false, insets: EdgeInsets = .zero, fontName: String = "Sans Bold",
                maxWidth: Int = 480, maxHeight: Int = 320) {
        self.hidden = hidden
        self.insets = insets
        self.fontName = fontName
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
    }
}
