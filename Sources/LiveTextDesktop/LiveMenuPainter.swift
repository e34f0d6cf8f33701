import FontRendering
import LiveTextCore
import LiveTextInteraction
import LiveTextPreview

/// Draws menus in the interface font over the frozen pixels. Used on the surface's thread; the
/// font is loaded on the first menu.
final class LiveMenuPainter: LiveMenuPainting {
    private let frozen: PixelImage
    private let metrics: InterfaceMetrics
    private let font: LazyInterfaceFont

    init(frozen: PixelImage, interface: SupplementaryInterface, metrics: InterfaceMetrics, matcher: FontMatcher = .shared) {
        self.frozen = frozen
        self.metrics = metrics
        font = LazyInterfaceFont(name: interface.font.name, metrics: metrics, matcher: matcher)
    }

    /// The interface font at the metrics' size, nil when it cannot be loaded (titles left out).
    private var rasterizer: TextRasterizer? { font.rasterizer }

    func measure(_ title: String) -> Int { rasterizer?.measure(title).width ?? 0 }

    /// `menu` with its picture: a light box, a thin outline, the titles left-aligned.
    func draw(_ menu: LiveMenu) -> LiveMenu {
        var drawn = menu
        let box = menu.bounds.intersection(Bounds(x: 0, y: 0, width: frozen.width, height: frozen.height))
        guard !box.isEmpty else { return drawn }
        var canvas = PreviewCanvas(frozen.cropped(to: box))
        let local = Bounds(x: 0, y: 0, width: box.width, height: box.height)
        let control = LiveStyle.control
        canvas.fill(local, RGBAColor(control.red, control.green, control.blue))
        canvas.strokeRoundedRect(local, radius: 0, lineWidth: Double(metrics.pixels(1)), RGBAColor(0, 0, 0, alpha: 90))
        let accent = LiveStyle.accent
        for (index, entry) in menu.entries.enumerated() {
            let row = Bounds(x: entry.frame.x - box.x, y: entry.frame.y - box.y, width: entry.frame.width,
                             height: entry.frame.height)
            let hovered = index == menu.hovered
            if hovered { canvas.fill(row, RGBAColor(accent.red, accent.green, accent.blue)) }
            guard let font = rasterizer else { continue }
            let mask = font.draw(entry.title)
            let baseline = row.y + (row.height + font.ascent - font.descent) / 2
            canvas.clip = row
            canvas.blend(mask, x: row.x + metrics.chipPadding, y: baseline - mask.baseline,
                         hovered ? RGBAColor(255, 255, 255) : entry.isEnabled ? RGBAColor(28, 28, 30) : RGBAColor(110, 110, 115))
            canvas.clip = local
        }
        drawn.picture = LivePicture(canvas.image, x: box.x, y: box.y)
        return drawn
    }
}
