import LiveTextCore
import LiveTextInteraction

/// Fixed sizes of the supplementary interface, in preview pixels. The font's point size is
/// never used: like VisionKit's, the controls keep one size.
enum InterfaceMetrics {
    /// Em size of chip titles.
    static let fontPixelHeight = 12
    static let chipHeight = 22
    /// The Live Text button is a square as high as a chip.
    static let buttonSize = 22
    static let chipPadding = 9
    static let chipMaxWidth = 180
    static let gap = 6
    /// Distance kept from the image edges when the insets ask for less and there is room.
    static let edgeMargin = 6
}

/// Where the chips and the Live Text button go in a preview of a given size: inside the content
/// rectangle (the image minus the insets), which is itself shrunk to fit the image when the
/// insets leave no room for a button.
struct InterfaceLayout {
    struct Chip {
        /// The title as drawn (possibly cut short with "…").
        var title: String
        var frame: Bounds
        var primary: Bool
    }

    /// The image minus the insets, after any shrinking.
    var contentRect: Bounds
    var button: Bounds?
    var chips: [Chip] = []
    var notes: [String] = []

    /// Lays out `content`'s chips and button in a `width` × `height` preview. `measure` gives a
    /// title's width in pixels.
    init(width: Int, height: Int, insets: EdgeInsets, content: PreviewContent, measure: (String) -> Int) {
        let image = Bounds(x: 0, y: 0, width: width, height: height)
        let side = InterfaceMetrics.buttonSize
        var top = Self.pixels(insets.top), left = Self.pixels(insets.left)
        var bottom = Self.pixels(insets.bottom), right = Self.pixels(insets.right)
        let wanted = [insets.top, insets.left, insets.bottom, insets.right]
        if wanted.contains(where: { !$0.isFinite || $0 < 0 }) {
            notes.append("negative or non-finite content insets \(Self.describe(wanted)) count as 0")
        }
        contentRect = Bounds(x: left, y: top, width: width - left - right, height: height - top - bottom)
            .intersection(image)
        guard content.liveTextButton || !content.chips.isEmpty else { return }
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
        let inner = Self.withMargin(contentRect, image: image, side: side)
        if content.liveTextButton {
            button = Bounds(x: inner.maxX - side, y: inner.maxY - side, width: side, height: side)
        }
        placeChips(content.chips, in: inner, measure: measure)
        let dropped = content.chips.count - chips.count
        if dropped > 0 {
            notes.append("\(dropped) of \(content.chips.count) quick-action chips do not fit beside the "
                         + "Live Text button in a \(contentRect.width) px wide content area; dropped")
        }
    }

    /// Chips left to right from the bottom-left corner of `inner`, up to the button.
    private mutating func placeChips(_ titles: [String], in inner: Bounds, measure: (String) -> Int) {
        let height = InterfaceMetrics.chipHeight, padding = InterfaceMetrics.chipPadding
        let limit = button.map { $0.x - InterfaceMetrics.gap } ?? inner.maxX
        let y = inner.maxY - height
        var x = inner.x
        for (i, title) in titles.enumerated() {
            let textWidth = measure(title)
            let natural = max(height, min(InterfaceMetrics.chipMaxWidth, textWidth + 2 * padding))
            let available = limit - x
            guard available >= height else { break }
            let chipWidth = min(natural, available)
            let shown = textWidth + 2 * padding <= chipWidth
                ? title : Self.truncate(title, to: chipWidth - 2 * padding, measure: measure)
            guard let shown else { break }
            chips.append(Chip(title: shown, frame: Bounds(x: x, y: y, width: chipWidth, height: height), primary: i == 0))
            x += chipWidth + InterfaceMetrics.gap
        }
    }

    /// The longest start of `title` that fits `width` pixels with "…" after it; `nil` when not
    /// even "…" fits.
    static func truncate(_ title: String, to width: Int, measure: (String) -> Int) -> String? {
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

    /// `content` moved in from the image edges to at least `edgeMargin`, as far as it can while
    /// staying `side` pixels wide and high.
    private static func withMargin(_ content: Bounds, image: Bounds, side: Int) -> Bounds {
        func pad(_ low: Int, _ high: Int, _ span: Int) -> (Int, Int) {
            var extraLow = max(0, InterfaceMetrics.edgeMargin - low)
            var extraHigh = max(0, InterfaceMetrics.edgeMargin - high)
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

    private static func pixels(_ value: Double) -> Int {
        guard value.isFinite, value > 0 else { return 0 }
        return Int(min(value, 1_000_000).rounded())
    }

    private static func describe(_ values: [Double]) -> String {
        "[" + values.map { abs($0) < 1e9 && $0 == $0.rounded() ? String(Int($0)) : String($0) }
            .joined(separator: ", ") + "]"
    }
}
