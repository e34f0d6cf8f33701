import FontRendering
import LiveTextCore
import LiveTextInteraction
import LiveTextPreview

/// Draws the viewer's zoom label ("150 %") in the interface font: dark text on a light box with a
/// thin outline, a chip high. Used on the window's thread; the font is loaded on the first label.
final class ZoomLabelPainter {
    private let metrics: InterfaceMetrics
    private let font: LazyInterfaceFont

    init(interface: SupplementaryInterface, metrics: InterfaceMetrics, matcher: FontMatcher = .shared) {
        self.metrics = metrics
        font = LazyInterfaceFont(name: interface.font.name, metrics: metrics, matcher: matcher)
    }

    /// `text` on its box, rgba8; nil when the font cannot be loaded (a plain box stands for it).
    func draw(_ text: String) -> PixelImage? {
        guard let rasterizer = font.rasterizer else { return nil }
        let width = rasterizer.measure(text).width + 2 * metrics.chipPadding, height = metrics.chipHeight
        let control = LiveStyle.control
        var canvas = PreviewCanvas(PixelImage(width: width, height: height, format: .rgba8,
                                              pixels: [UInt8](repeating: 0, count: width * height * 4)))
        let box = Bounds(x: 0, y: 0, width: width, height: height)
        canvas.fill(box, RGBAColor(control.red, control.green, control.blue))
        canvas.strokeRoundedRect(box, radius: 0, lineWidth: Double(metrics.pixels(1)), RGBAColor(0, 0, 0, alpha: 90))
        let mask = rasterizer.draw(text)
        let baseline = (height + rasterizer.ascent - rasterizer.descent) / 2
        canvas.blend(mask, x: metrics.chipPadding, y: baseline - mask.baseline, RGBAColor(28, 28, 30))
        return canvas.image
    }
}
