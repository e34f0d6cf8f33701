import LiveTextCore

/// Where the quick-action chips (bottom left) and the Live Text button (bottom right) go on a
/// canvas of a given size and scale: inside the content rectangle (the canvas minus the insets),
/// which is itself shrunk to fit the canvas when the insets leave no room for a button. The same
/// layout serves the notification preview (scale 1, about 480×320) and a live overlay (a 4K
/// screen at scale 2).
public struct InterfaceLayout: Sendable, Hashable {
    /// One quick-action chip.
    public struct Chip: Sendable, Hashable {
        /// The title as drawn (possibly cut short with "…").
        public var title: String
        public var frame: Bounds
        /// The first chip: the default action, drawn filled.
        public var primary: Bool
    }

    /// The canvas minus the insets, after any shrinking: drawing outside it is not allowed.
    public var contentRect: Bounds
    /// The Live Text button, when there is one.
    public var button: Bounds?
    /// The chips that fit, left to right: `chips[i]` is the i-th title asked for (those that do
    /// not fit are dropped from the end).
    public var chips: [Chip] = []
    /// What was changed to keep the interface inside the canvas, one sentence each.
    public var notes: [String] = []
    /// The sizes it was laid out with.
    public let metrics: InterfaceMetrics
    /// The font to draw chip titles in: `interface.font` at `metrics.fontPixelHeight` pixels.
    public let font: FontDescription

    /// Lays out chips with `chipTitles` and, when `liveTextButton`, the button on a `width` ×
    /// `height` canvas, as `interface` says (nothing at all when it is hidden). `measure` gives a
    /// title's width in pixels in the interface font at `metrics.fontPixelHeight`.
    public init(width: Int, height: Int, interface: SupplementaryInterface, metrics: InterfaceMetrics = .standard,
                chipTitles: [String], liveTextButton: Bool, measure: (String) -> Int) {
        self.metrics = metrics
        font = interface.font
        let width = max(0, width), height = max(0, height)
        let image = Bounds(x: 0, y: 0, width: width, height: height)
        let insets = interface.contentInsets
        var top = metrics.insetPixels(insets.top), left = metrics.insetPixels(insets.left)
        var bottom = metrics.insetPixels(insets.bottom), right = metrics.insetPixels(insets.right)
        let wanted = [insets.top, insets.left, insets.bottom, insets.right]
        if wanted.contains(where: { !$0.isFinite || $0 < 0 }) {
            notes.append("negative or non-finite content insets \(Self.describe(wanted)) count as 0")
        }
        contentRect = Bounds(x: left, y: top, width: width - left - right, height: height - top - bottom)
            .intersection(image)
        guard !interface.isHidden, liveTextButton || !chipTitles.isEmpty else { return }
        let side = metrics.buttonSize
        guard width >= side, height >= side else {
            contentRect = image
            notes.append("a \(width)x\(height) preview is smaller than one \(side) px control; "
                         + "no chips or Live Text button drawn")
            return
        }
        let shrunkX = Self.fit(&left, &right, room: width - side)
        let shrunkY = Self.fit(&top, &bottom, room: height - side)
        contentRect = Bounds(x: left, y: top, width: width - left - right, height: height - top - bottom)
        if shrunkX || shrunkY {
            notes.append("content insets \(Self.describe(wanted)) leave no room for the interface in a "
                         + "\(width)x\(height) preview; shrunk to \(Self.describe([top, left, bottom, right].map(Double.init)))")
        }
        let inner = Self.withMargin(contentRect, margin: metrics.edgeMargin, image: image, side: side)
        if liveTextButton {
            button = Bounds(x: inner.maxX - side, y: inner.maxY - side, width: side, height: side)
        }
        placeChips(chipTitles, in: inner, measure: measure)
        let dropped = chipTitles.count - chips.count
        if dropped > 0 {
            let beside = button == nil ? "" : " beside the Live Text button"
            notes.append("\(dropped) of \(chipTitles.count) quick-action chips do not fit\(beside) in a "
                         + "\(contentRect.width) px wide content area; dropped")
        }
    }

    /// Chips left to right from the bottom-left corner of `inner`, up to the button.
    private mutating func placeChips(_ titles: [String], in inner: Bounds, measure: (String) -> Int) {
        let height = metrics.chipHeight, padding = metrics.chipPadding
        let limit = button.map { $0.x - metrics.gap } ?? inner.maxX
        let y = inner.maxY - height
        var x = inner.x
        for (i, title) in titles.enumerated() {
            let textWidth = measure(title)
            let natural = max(height, min(metrics.chipMaxWidth, textWidth + 2 * padding))
            let available = limit - x
            guard available >= height else { break }
            let chipWidth = min(natural, available)
            let shown = textWidth + 2 * padding <= chipWidth
                ? title : Self.truncate(title, to: chipWidth - 2 * padding, measure: measure)
            guard let shown else { break }
            chips.append(Chip(title: shown, frame: Bounds(x: x, y: y, width: chipWidth, height: height), primary: i == 0))
            x += chipWidth + metrics.gap
        }
    }

    /// The longest start of `title` that fits `width` pixels with "…" after it; `nil` when not
    /// even "…" fits.
    public static func truncate(_ title: String, to width: Int, measure: (String) -> Int) -> String? {
        let characters = Array(title)
        for count in stride(from: characters.count - 1, through: 0, by: -1) {
            var start = String(characters[0..<count])
            while start.last?.isWhitespace == true { start.removeLast() }
            let candidate = start + "…"
            if measure(candidate) <= width { return candidate }
        }
        return nil
    }

    /// Shrinks a pair of insets in proportion so they leave at least `room`; true when changed.
    private static func fit(_ a: inout Int, _ b: inout Int, room: Int) -> Bool {
        guard a + b > room else { return false }
        let total = a + b
        let newA = a * room / total
        b = room - newA
        a = newA
        return true
    }

    /// `content` moved in from the image edges to at least `margin`, as far as it can while
    /// staying `side` pixels wide and high.
    private static func withMargin(_ content: Bounds, margin: Int, image: Bounds, side: Int) -> Bounds {
        func pad(_ low: Int, _ high: Int, _ span: Int) -> (Int, Int) {
            var extraLow = max(0, margin - low)
            var extraHigh = max(0, margin - high)
            let spare = span - side
            while extraLow + extraHigh > spare {
                if extraLow >= extraHigh, extraLow > 0 { extraLow -= 1 } else { extraHigh -= 1 }
            }
            return (extraLow, extraHigh)
        }
        let (l, r) = pad(content.x, image.maxX - content.maxX, content.width)
        let (t, b) = pad(content.y, image.maxY - content.maxY, content.height)
        return Bounds(x: content.x + l, y: content.y + t, width: content.width - l - r, height: content.height - t - b)
    }

    private static func describe(_ values: [Double]) -> String {
        "[" + values.map { abs($0) < 1e9 && $0 == $0.rounded() ? String(Int($0)) : String($0) }
            .joined(separator: ", ") + "]"
    }
}
