import LiveTextCore

/// How an image lies in a view that zooms and pans it (VisionKit's `contentsRect`, as a value):
/// `scale` view pixels per image pixel, the image's top-left corner at `origin` in the view. The
/// analysis stays in image pixels; its bounds are mapped into the view to be drawn, and the
/// pointer back into the image to hit-test and select.
///
/// Always clamped: along an axis where the scaled image is narrower than the view it is centred;
/// where it is wider, it covers the view (no empty band beside it).
public struct ViewTransform: Sendable, Hashable {
    public private(set) var imageWidth: Int
    public private(set) var imageHeight: Int
    public private(set) var viewWidth: Int
    public private(set) var viewHeight: Int
    /// View pixels per image pixel.
    public private(set) var scale: Double
    /// Where the image's top-left corner lies in the view.
    public private(set) var origin: PixelPoint
    /// Fitting: the image follows the view's size (until zoomed).
    public private(set) var fitsView: Bool

    /// The largest zoom: 32 view pixels an image pixel.
    public static let maximumScale = 32.0
    /// One zoom step (`+`, `-`, a wheel notch with Ctrl).
    public static let step = 1.25

    /// `image` fitted into `view` (sizes at least one pixel).
    public init(imageWidth: Int, imageHeight: Int, viewWidth: Int, viewHeight: Int) {
        self.imageWidth = max(1, imageWidth)
        self.imageHeight = max(1, imageHeight)
        self.viewWidth = max(1, viewWidth)
        self.viewHeight = max(1, viewHeight)
        scale = 1
        origin = PixelPoint(x: 0, y: 0)
        fitsView = true
        fit()
    }

    /// The scale that fits the whole image into the view, never enlarging it past 1:1.
    public var fitScale: Double {
        min(1, Double(viewWidth) / Double(imageWidth), Double(viewHeight) / Double(imageHeight))
    }

    /// The smallest zoom: the fitting one (a smaller image is not shrunk further than 1:1).
    public var minimumScale: Double { fitScale }

    /// Where an image point lies in the view.
    public func viewPoint(_ image: PixelPoint) -> PixelPoint {
        PixelPoint(x: image.x * scale + origin.x, y: image.y * scale + origin.y)
    }

    /// The image point under a view point (possibly outside the image).
    public func imagePoint(_ view: PixelPoint) -> PixelPoint {
        PixelPoint(x: (view.x - origin.x) / scale, y: (view.y - origin.y) / scale)
    }

    /// The view pixels an image rectangle covers (whole pixels, rounded outwards).
    public func viewRect(_ image: Bounds) -> Bounds {
        Self.covering(viewPoint(PixelPoint(x: image.x, y: image.y)), viewPoint(PixelPoint(x: image.maxX, y: image.maxY)))
    }

    /// The image pixels a view rectangle covers (whole pixels, rounded outwards).
    public func imageRect(_ view: Bounds) -> Bounds {
        Self.covering(imagePoint(PixelPoint(x: view.x, y: view.y)), imagePoint(PixelPoint(x: view.maxX, y: view.maxY)))
    }

    /// The whole image, in the view (part of it may lie outside).
    public var imageInView: Bounds { viewRect(Bounds(x: 0, y: 0, width: imageWidth, height: imageHeight)) }

    private static func covering(_ topLeft: PixelPoint, _ bottomRight: PixelPoint) -> Bounds {
        let x = Int(topLeft.x.rounded(.down)), y = Int(topLeft.y.rounded(.down))
        return Bounds(x: x, y: y, width: Int(bottomRight.x.rounded(.up)) - x, height: Int(bottomRight.y.rounded(.up)) - y)
    }

    /// Zooms to `newScale` (kept between the fitting scale and `maximumScale`) keeping the image
    /// point under `anchor` (a view point) where it is, as far as clamping allows.
    public mutating func zoom(to newScale: Double, about anchor: PixelPoint) {
        let fixed = imagePoint(anchor)
        scale = min(Self.maximumScale, max(minimumScale, newScale))
        origin = PixelPoint(x: anchor.x - fixed.x * scale, y: anchor.y - fixed.y * scale)
        fitsView = false
        clamp()
    }

    /// Zooms by `factor` (above 1: in) about `anchor`.
    public mutating func zoom(by factor: Double, about anchor: PixelPoint) {
        zoom(to: scale * factor, about: anchor)
    }

    /// 1:1 (one view pixel an image pixel) about the view's centre.
    public mutating func actualSize() {
        zoom(to: 1, about: PixelPoint(x: Double(viewWidth) / 2, y: Double(viewHeight) / 2))
    }

    /// The whole image in the view, centred, and following the view's size from now on.
    public mutating func fit() {
        scale = fitScale
        fitsView = true
        clamp()
    }

    /// Moves the image by `dx`, `dy` view pixels (as far as clamping allows).
    public mutating func pan(dx: Double, dy: Double) {
        origin = PixelPoint(x: origin.x + dx, y: origin.y + dy)
        clamp()
    }

    /// The view is now `width` × `height`: fitting again when fitting, else the same zoom with the
    /// image point at the view's centre kept there.
    public mutating func resize(viewWidth width: Int, viewHeight height: Int) {
        let centre = imagePoint(PixelPoint(x: Double(viewWidth) / 2, y: Double(viewHeight) / 2))
        viewWidth = max(1, width)
        viewHeight = max(1, height)
        if fitsView { return fit() }
        scale = max(minimumScale, scale)
        origin = PixelPoint(x: Double(viewWidth) / 2 - centre.x * scale, y: Double(viewHeight) / 2 - centre.y * scale)
        clamp()
    }

    /// Centred along an axis where the image is narrower than the view; covering it where wider.
    private mutating func clamp() {
        func clamped(_ offset: Double, image: Int, view: Int) -> Double {
            let scaled = Double(image) * scale
            if scaled <= Double(view) { return ((Double(view) - scaled) / 2).rounded(.down) }
            return min(0, max(Double(view) - scaled, offset))
        }
        origin = PixelPoint(x: clamped(origin.x, image: imageWidth, view: viewWidth),
                            y: clamped(origin.y, image: imageHeight, view: viewHeight))
    }
}
