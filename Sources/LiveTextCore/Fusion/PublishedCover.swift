/// The published lines sorted by the ink check, and what is left for the OCR: the lines whose
/// boxes hold ink are taken as they are (`accepted`, their boxes clipped to the image) and painted
/// out of the pixels the OCR reads (`remainder`); the others (`unchecked`: no ink where published,
/// or a toolkit known to misplace lines) are placed at the OCR line they read like, or left out.
/// `remainingAreas` are the parts of the remainder that still hold ink, a little margin around
/// each (`remainingArea` the rectangle around them): none when nothing does (the OCR has nothing
/// to read).
public struct PublishedCover: Sendable {
    public var accepted: [PublishedLine]
    public var unchecked: [PublishedLine]
    public var remainder: PixelImage
    /// The parts of the remainder that hold the remaining text, each with a margin: apart when
    /// they are worth reading on their own (`RemainingInk.areas`), else the one rectangle around
    /// them; none when nothing is left.
    var remainingAreas: [Bounds]
    public var remainingArea: Bounds? { remainingAreas.isEmpty ? nil : remainingAreas.union }

    /// Whether the OCR has pixels to read: some published text was not taken, or ink is left.
    public var needsOCR: Bool { accepted.isEmpty || remainingArea != nil }

    /// Blank paper left around the remaining ink, so the OCR sees its glyphs with a border.
    static let margin = 8

    /// Sorts `published` by the ink in `image`; only the accepted boxes are painted, and the
    /// remaining ink is looked for in each of `regions`' parts against that part's own background.
    public init(_ published: [PublishedLine], in image: PixelImage, regions: ContentRegions = ContentRegions()) {
        self.init(sorted: Self.checked(published, in: image), in: image, regions: regions)
    }

    /// The same with the ink check already made (`checked`): live text shows the accepted lines
    /// before they are painted out.
    init(sorted: (accepted: [PublishedLine], unchecked: [PublishedLine]), in image: PixelImage, regions: ContentRegions) {
        (accepted, unchecked) = sorted
        let erased = accepted.isEmpty ? (image: image, luminance: image.luminance().pixels) : InkEraser.erased(accepted.map(\.bounds), in: image)
        remainder = erased.image
        remainingAreas = RemainingInk.areas(luminance: erased.luminance, width: image.width, height: image.height,
                                            regions: regions, margin: Self.margin)
    }

    /// `published` (empty lines left out, but for a table's empty cells, unchecked) sorted by the
    /// ink check: the lines whose boxes, clipped to `image`, hold ink, with those boxes (a widget's
    /// box: the one line of ink in it); and the
    /// others as published.
    static func checked(_ published: [PublishedLine], in image: PixelImage)
        -> (accepted: [PublishedLine], unchecked: [PublishedLine]) {
        let page = Bounds(x: 0, y: 0, width: image.width, height: image.height)
        var accepted: [PublishedLine] = [], unchecked: [PublishedLine] = []
        for line in published where !line.text.isEmpty || line.cell != nil {
            guard !line.text.isEmpty else {
                unchecked.append(line)
                continue
            }
            let box = line.bounds.intersection(page)
            if line.geometryTrusted, !box.isEmpty, InkCheck.holdsText(box, characters: line.text.count, in: image) {
                var taken = line
                taken.bounds = box
                accepted.append(taken)
            } else if line.boxIsWidget, !box.isEmpty,
                      let ink = InkCheck.oneLine(in: box, characters: line.text.count, image: image) {
                var taken = line
                taken.bounds = ink
                taken.geometryTrusted = true
                taken.boxIsWidget = false
                accepted.append(taken)
            } else {
                unchecked.append(line)
            }
        }
        return (accepted, unchecked)
    }
}
