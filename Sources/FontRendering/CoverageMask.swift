/// Antialiased ink of drawn text: one byte a pixel, 0 no ink to 255 full ink, rows top first.
public struct CoverageMask: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// The row the baseline runs along, counted from the top (the text's ascent).
    public let baseline: Int
    /// `width * height` coverage values.
    public let pixels: [UInt8]

    public init(width: Int, height: Int, baseline: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "mask size mismatch")
        self.width = width
        self.height = height
        self.baseline = baseline
        self.pixels = pixels
    }

    /// The coverage at (x, y).
    public subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }

    /// The sum of all coverage: how much ink the text puts down.
    public var totalInk: Int { pixels.reduce(0) { $0 + Int($1) } }
}
