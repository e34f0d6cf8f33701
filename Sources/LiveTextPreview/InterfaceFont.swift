import FontRendering
import LiveTextInteraction

/// The chip font for one `supplementaryInterfaceFont` value: the face fontconfig chose, at the
/// interface's pixel size, or why there is none.
public struct InterfaceFont: Sendable {
    /// `nil` when no face could be loaded; titles are then left out.
    public let rasterizer: TextRasterizer?
    /// The user-facing fallback sentence, when the family is not installed.
    public let fallback: String?
    /// Why there is no rasterizer.
    public let failure: String?

    /// Matches `name` (size already dropped) and loads it at `pixelHeight` (a notification's
    /// fixed size by default).
    public init(name: String, matcher: FontMatcher,
                pixelHeight: Int = InterfaceMetrics.standard.fontPixelHeight) {
        do {
            let match = try matcher.match(name)
            rasterizer = try TextRasterizer(match, pixelHeight: pixelHeight)
            fallback = match.isFallback
                ? "font '\(name)' is not installed; using '\(match.displayName)'" : nil
            failure = nil
        } catch {
            rasterizer = nil
            fallback = nil
            failure = "interface font '\(name)' cannot be used (\(error)); chips drawn without titles"
        }
    }

    /// What the user should hear about it: the fallback, or why there is no face.
    public var notes: [String] { [fallback, failure].compactMap { $0 } }
}
