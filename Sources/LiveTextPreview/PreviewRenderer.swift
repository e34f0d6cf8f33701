import FontRendering
import Foundation
import LiveTextCore
import LiveTextInteraction
import Synchronization

/// Draws the preview image of a notification: the capture scaled down, the recognised content
/// marked on it, and VisionKit's supplementary interface (quick-action chips bottom-left, the
/// Live Text button bottom-right) inside the content insets.
///
/// Thread safe; the font for each `fontName` is matched and loaded once and kept.
public final class PreviewRenderer: Sendable {
    private let matcher: FontMatcher
    private let fonts = Mutex<[String: InterfaceFont]>([:])

    public init(matcher: FontMatcher = .shared) {
        self.matcher = matcher
    }

    /// The preview of `image` (gray8 or rgba8, any size) showing `content`, drawn as `style` says.
    public func render(_ image: PixelImage, content: PreviewContent, style: PreviewStyle) -> RenderedPreview {
        let scaled = PreviewScaler.fit(image, maxWidth: style.maxWidth, maxHeight: style.maxHeight)
        guard !style.hidden else { return RenderedPreview(image: scaled.image) }
        var canvas = PreviewCanvas(scaled.image)
        drawMarks(content, scaled: scaled, on: &canvas)

        var notes = [String]()
        var fallback: String?
        let interface = SupplementaryInterface(contentInsets: style.insets,
                                               font: FontDescription(parsing: style.fontName) ?? .standard)
        let hasControls = content.liveTextButton || !content.chips.isEmpty
        let font = hasControls ? self.font(for: interface.font) : nil
        if let font {
            fallback = font.fallback
            if let failure = font.failure, !content.chips.isEmpty { notes.append(failure) }
        }
        let rasterizer = font?.rasterizer
        let layout = InterfaceLayout(width: canvas.width, height: canvas.height, interface: interface,
                                     chipTitles: content.chips, liveTextButton: content.liveTextButton,
                                     measure: { rasterizer?.measure($0).width ?? 0 })
        notes += layout.notes
        canvas.clip = layout.contentRect
        for chip in layout.chips { drawChip(chip, font: rasterizer, on: &canvas) }
        if let button = layout.button { drawLiveTextButton(button, on: &canvas) }
        return RenderedPreview(image: canvas.image, fontFallback: fallback, notes: notes)
    }

    /// The cached font for `description` (its size already dropped), loading it on first use.
    private func font(for description: FontDescription) -> InterfaceFont {
        let key = description.name
        if let cached = fonts.withLock({ $0[key] }) { return cached }
        // Loaded outside the lock: two threads may both load one font; the first stored wins.
        let loaded = InterfaceFont(name: key, matcher: matcher)
        return fonts.withLock { fonts in
            if let cached = fonts[key] { return cached }
            fonts[key] = loaded
            return loaded
        }
    }

    /// Text lines tinted, detector items underlined, codes outlined: all in preview pixels.
    private func drawMarks(_ content: PreviewContent, scaled: ScaledCapture, on canvas: inout PreviewCanvas) {
        for line in content.textBounds {
            let rect = scaled.map(line)
            canvas.fillRoundedRect(rect, radius: 2, Palette.textHighlight)
        }
        for item in content.itemBounds {
            let rect = scaled.map(item)
            guard !rect.isEmpty else { continue }
            // Just under the item, or its last rows when it ends at the bottom edge.
            let y = min(rect.maxY, canvas.height - 2)
            canvas.horizontalLine(x: rect.x, y: y, length: rect.width, thickness: 2, Palette.itemUnderline)
        }
        for code in content.codeBounds {
            let rect = scaled.map(code)
            canvas.strokeRoundedRect(rect, radius: 3, lineWidth: 2, Palette.codeOutline)
        }
    }

    private func drawChip(_ chip: InterfaceLayout.Chip, font: TextRasterizer?, on canvas: inout PreviewCanvas) {
        let radius = Double(chip.frame.height) / 2
        if chip.primary {
            canvas.fillRoundedRect(chip.frame, radius: radius, Palette.accent)
        } else {
            canvas.fillRoundedRect(chip.frame, radius: radius, Palette.controlFill)
            canvas.strokeRoundedRect(chip.frame, radius: radius, lineWidth: 1, Palette.controlStroke)
        }
        guard let font, !chip.title.isEmpty else { return }
        let mask = font.draw(chip.title)
        let textWidth = font.measure(chip.title).width
        let x = chip.frame.x + (chip.frame.width - textWidth) / 2
        let baseline = chip.frame.y + (chip.frame.height + font.ascent - font.descent) / 2
        let saved = canvas.clip
        canvas.clip = saved.intersection(chip.frame)
        canvas.blend(mask, x: x, y: baseline - mask.baseline, chip.primary ? Palette.primaryInk : Palette.controlInk)
        canvas.clip = saved
    }

    /// A rounded square with corner brackets around three lines of "text".
    private func drawLiveTextButton(_ frame: Bounds, on canvas: inout PreviewCanvas) {
        canvas.fillRoundedRect(frame, radius: 6, Palette.controlFill)
        canvas.strokeRoundedRect(frame, radius: 6, lineWidth: 1, Palette.controlStroke)
        let ink = Palette.controlInk
        let inset = 5, arm = 4, weight = 2
        let left = frame.x + inset, top = frame.y + inset
        let right = frame.maxX - inset, bottom = frame.maxY - inset
        // Corner brackets.
        for (x, y, dx, dy) in [(left, top, 1, 1), (right, top, -1, 1), (left, bottom, 1, -1), (right, bottom, -1, -1)] {
            canvas.fill(Bounds(x: dx > 0 ? x : x - arm, y: dy > 0 ? y : y - weight, width: arm, height: weight), ink)
            canvas.fill(Bounds(x: dx > 0 ? x : x - weight, y: dy > 0 ? y : y - arm, width: weight, height: arm), ink)
        }
        // Three lines of text between them, the last one short.
        let lineX = left + 3, full = right - left - 6
        for (row, length) in [(4, full), (6, full), (8, full * 2 / 3)] {
            canvas.fill(Bounds(x: lineX, y: top + row, width: length, height: 1), ink)
        }
    }
}
