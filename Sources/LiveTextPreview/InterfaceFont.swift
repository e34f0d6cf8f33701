import FontRendering
import LiveTextInteraction

/// The chip font for one `supplementaryInterfaceFont` value: the face fontconfig chose, at the
/// interface's fixed pixel size, or why there is none.
struct InterfaceFont: Sendable {
    /// `nil` when no face could be loaded; titles are then left out.
    let rasterizer: TextRasterizer?
    /// The user-facing fallback sentence, when the family is not installed.
    let fallback: String?
    /// Why there is no rasterizer.
    let failure: String?

    /// Matches `name` (size already dropped) and loads it at `InterfaceMetrics.standard.fontPixelHeight`.
    init(name: String, matcher: FontMatcher) {
        do {
            let match = try matcher.match(name)
            rasterizer = try TextRasterizer(match, pixelHeight: InterfaceMetrics.standard.fontPixelHeight)
            fallback = match.isFallback
                ? "font '\(name)' is not installed; using '\(match.displayName)'" : nil
            failure = nil
        } catch {
            rasterizer = nil
            fallback = nil
            failure = "interface font '\(name)' cannot be used (\(error)); chips drawn without titles"
        }
    }

}
