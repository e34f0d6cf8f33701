import FontRendering
import LiveTextInteraction
import LiveTextPreview

/// The interface font at the metrics' size, loaded on first use: never when nothing is drawn in
/// it (a surface without chips or menus). Used on one thread.
final class LazyInterfaceFont {
    private let name: String
    private let metrics: InterfaceMetrics
    private let matcher: FontMatcher
    private var loaded: InterfaceFont?

    init(name: String, metrics: InterfaceMetrics, matcher: FontMatcher) {
        self.name = name
        self.metrics = metrics
        self.matcher = matcher
    }

    /// Nil when it cannot be loaded: titles are then left out.
    var rasterizer: TextRasterizer? {
        if let loaded { return loaded.rasterizer }
        let font = InterfaceFont(name: name, matcher: matcher, pixelHeight: metrics.fontPixelHeight)
        loaded = font
        return font.rasterizer
    }

    /// What the user should hear about the font once it was loaded.
    var notes: [String] { loaded?.notes ?? [] }
}
