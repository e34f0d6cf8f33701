/// The face fontconfig chose for a font description.
public struct FontMatch: Sendable, Hashable {
    /// The description as it was asked for ("Cantarell Bold").
    public let request: String
    /// The family words of the request ("Cantarell").
    public let requestedFamily: String
    /// The face file to load.
    public let file: String
    /// The face's index inside `file` (collections hold several).
    public let faceIndex: Int
    /// The family of the face actually chosen ("DejaVu Sans").
    public let family: String
    /// Its style name ("Bold", "Book").
    public let style: String
    /// Whether the requested family is not installed, so that fontconfig substituted another.
    /// A generic family ("Sans", "Serif", "Monospace") is never a fallback.
    public let isFallback: Bool

    /// Family and style of the chosen face ("DejaVu Sans Bold").
    public var displayName: String { style.isEmpty ? family : "\(family) \(style)" }

    public init(request: String, requestedFamily: String, file: String, faceIndex: Int,
                family: String, style: String, isFallback: Bool) {
        self.request = request
        self.requestedFamily = requestedFamily
        self.file = file
        self.faceIndex = faceIndex
        self.family = family
        self.style = style
        self.isFallback = isFallback
    }
}
