import FontRendering
import LiveTextCore
import LiveTextInteraction
import LiveTextPreview

extension LivePanel {
    /// The button and chips of `analysis` (`laidOut(_:types:…:measure:draw:)`) with the chips'
    /// titles in the interface font; with `frozen`, the chips are drawn over those pixels dimmed
    /// as the button's view dims them. The font is loaded only when there are chips; a font that
    /// stood in for another, or none, is said in `notes`.
    static func laidOut(_ analysis: ImageAnalysis, types: [InteractionType], allowDataDetectorsInTextMode: Bool,
                        interface: SupplementaryInterface, metrics: InterfaceMetrics, width: Int, height: Int,
                        frozen: PixelImage?, matcher: FontMatcher = .shared) -> LivePanel {
        let font = LazyInterfaceFont(name: interface.font.name, metrics: metrics, matcher: matcher)
        var panel = laidOut(analysis, types: types, allowDataDetectorsInTextMode: allowDataDetectorsInTextMode,
                            interface: interface, metrics: metrics, width: width, height: height,
                            measure: { font.rasterizer?.measure($0).width ?? 0 },
                            draw: frozen.map { frozen in { chip in Self.draw(chip, font: font.rasterizer, metrics: metrics, over: frozen) } })
        panel.notes = font.notes + panel.notes
        return panel
    }

    /// The chip over the frozen pixels under it, dimmed: a rounded pill (the first filled with the
    /// accent colour), its title centred.
    private static func draw(_ chip: InterfaceLayout.Chip, font: TextRasterizer?, metrics: InterfaceMetrics,
                             over frozen: PixelImage) -> LivePicture {
        let frame = chip.frame.intersection(Bounds(x: 0, y: 0, width: frozen.width, height: frozen.height))
        let dim = LiveStyle.dim
        var under = PreviewCanvas(frozen.cropped(to: frame))
        under.fill(Bounds(x: 0, y: 0, width: frame.width, height: frame.height),
                   RGBAColor(dim.red, dim.green, dim.blue, alpha: dim.alpha))
        let local = Bounds(x: chip.frame.x - frame.x, y: chip.frame.y - frame.y, width: chip.frame.width, height: chip.frame.height)
        let radius = Double(local.height) / 2
        let accent = LiveStyle.accent, control = LiveStyle.control
        if chip.primary {
            under.fillRoundedRect(local, radius: radius, RGBAColor(accent.red, accent.green, accent.blue))
        } else {
            under.fillRoundedRect(local, radius: radius, RGBAColor(control.red, control.green, control.blue, alpha: control.alpha))
            under.strokeRoundedRect(local, radius: radius, lineWidth: Double(metrics.pixels(1)), RGBAColor(0, 0, 0, alpha: 46))
        }
        if let font, !chip.title.isEmpty {
            let mask = font.draw(chip.title), textWidth = font.measure(chip.title).width
            let x = local.x + (local.width - textWidth) / 2
            let baseline = local.y + (local.height + font.ascent - font.descent) / 2
            under.clip = local
            under.blend(mask, x: x, y: baseline - mask.baseline, chip.primary ? RGBAColor(255, 255, 255) : RGBAColor(28, 28, 30))
        }
        return LivePicture(under.image, x: frame.x, y: frame.y)
    }
}
