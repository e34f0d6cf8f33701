import LiveTextCore
import X11Kit

/// Pixels taken from the screen, with where they came from.
public struct ScreenImage: Sendable {
    public var image: PixelImage
    /// The analysis' `image.source`: `screen:X,Y,W,H` or `window:0xID:X,Y,W,H`.
    public var source: String
    /// How long the capture took, one decimal; nil when a person took part (a selection).
    public var captureMs: Double?
    /// The windows it shows, read apart.
    public var regions: ContentRegions
    /// Where it lies on the screen, and the windows shown there then (topmost first): what
    /// places the text applications publish on it. Nil and empty for pixels from elsewhere.
    public var screenArea: Bounds?
    public var windows: [ScreenWindow] = []

    /// Pixels from elsewhere that stand for a capture (a test's stand-in desktop).
    public init(image: PixelImage, source: String, captureMs: Double? = nil, regions: ContentRegions = ContentRegions()) {
        self.image = image
        self.source = source
        self.captureMs = captureMs
        self.regions = regions
    }

    init(_ captured: CapturedImage, captureMs: Double?) {
        image = captured.image
        let area = "\(captured.bounds.x),\(captured.bounds.y),\(captured.bounds.width),\(captured.bounds.height)"
        if let window = captured.window {
            source = "window:0x" + String(window, radix: 16) + ":" + area
        } else {
            source = "screen:" + area
        }
        self.captureMs = captureMs.map(ImageAnalysis.Timing.rounded)
        regions = captured.regions
        screenArea = captured.bounds
        windows = captured.windows
    }
}

extension ImageAnalyzer {
    /// Analyzes `screen` with `configuration`, its windows read apart.
    public func analyze(_ screen: ScreenImage, configuration: Configuration, progress: ProgressiveReading? = nil)
        async throws -> ImageAnalysis {
        var configuration = configuration
        configuration.regions = screen.regions
        return try await analyze(screen.image, source: screen.source, configuration: configuration, progress: progress)
    }
}
