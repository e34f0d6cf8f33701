import FontRendering
import LiveTextCore
import LiveTextInteraction
import LiveTextPreview
import X11Kit

/// The supplementary interface of the live surface for one reading: the Live Text button and the
/// quick-action chips (shown while the button is on), laid out by `InterfaceLayout` and the chips
/// drawn once, off the surface's thread, in the interface font.
struct LivePanel: Sendable {
    struct Chip: Sendable, Equatable {
        var frame: Bounds
        var action: QuickAction
        /// The chip as drawn over the dimmed screen; nil when it could not be drawn (no frozen
        /// pixels, no font): then a plain box stands for it.
        var picture: LivePicture?
    }

    var button: Bounds?
    var chips: [Chip] = []
    /// Why chips have no titles, or which font stood in for the one asked for.
    var notes: [String] = []

    /// Nothing: no button, no chips.
    static let empty = LivePanel()

    /// The button (where there is something to show, and text is offered) and the chips of
    /// `analysis`' first-class quick actions, on a `width` × `height` surface. With `frozen`, the
    /// chips are drawn over those pixels dimmed as the button's view dims them.
    static func laidOut(_ analysis: ImageAnalysis, types: [InteractionType], allowDataDetectorsInTextMode: Bool,
                        interface: SupplementaryInterface, metrics: InterfaceMetrics, width: Int, height: Int,
                        frozen: PixelImage?, matcher: FontMatcher = .shared) -> LivePanel {
        let offersText = types.contains(.automatic) || types.contains(.textSelection)
        guard !interface.isHidden, offersText, !analysis.blocks.isEmpty || !analysis.codes.isEmpty else { return .empty }
        let actions = InteractionOffer(analysis: analysis, types: types,
                                       allowDataDetectorsInTextMode: allowDataDetectorsInTextMode)?.chipActions ?? []
        var notes: [String] = []
        var font: TextRasterizer?
        if !actions.isEmpty {
            do {
                let match = try matcher.match(interface.font.name)
                if match.isFallback { notes.append("font '\(interface.font.name)' is not installed; using '\(match.displayName)'") }
                font = try TextRasterizer(match, pixelHeight: metrics.fontPixelHeight)
            } catch {
                notes.append("interface font '\(interface.font.name)' cannot be used (\(error)); chips drawn without titles")
            }
        }
        let layout = InterfaceLayout(width: width, height: height, interface: interface, metrics: metrics,
                                     chipTitles: actions.map(\.title), liveTextButton: true,
                                     measure: { font?.measure($0).width ?? 0 })
        // The layout's own notes (chips dropped for room) are what a full screen of items looks like.
        var panel = LivePanel(button: layout.button, notes: notes)
        for (index, chip) in layout.chips.enumerated() {
            let picture = frozen.map { draw(chip, font: font, metrics: metrics, over: $0) }
            panel.chips.append(Chip(frame: chip.frame, action: actions[index], picture: picture))
        }
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
