import LiveTextCore

/// A drawn preview and what the caller should tell the user about it.
public struct RenderedPreview: Sendable {
    /// The preview, rgba8.
    public let image: PixelImage
    /// Set when the interface font's family is not installed, e.g. "font 'Foo Bold' is not
    /// installed; using 'DejaVu Sans Bold'"; the same every time for one font, so say it once.
    public let fontFallback: String?
    /// What was changed to keep the interface inside the image (insets shrunk, chips dropped,
    /// a title without a font), one sentence each.
    public let notes: [String]

    public init(image: PixelImage, fontFallback: String? = nil, notes: [String] = []) {
        self.image = image
        self.fontFallback = fontFallback
        self.notes = notes
    }
}
