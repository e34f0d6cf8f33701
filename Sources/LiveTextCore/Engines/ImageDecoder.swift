import Foundation

/// Turns encoded image bytes (PNG, JPEG, ...) into pixels. Stateless and safe to share.
public protocol ImageDecoder: Sendable {
    /// Decodes `data`, checking the size from the header against `limits` before decoding pixels.
    ///
    /// Throws `invalidImage` for anything that is not a complete, supported image, and `tooLarge`.
    func decode(_ data: Data, limits: ImageLimits) throws -> PixelImage

    /// Throws `invalidImage` when `start`, the first bytes of a stream (16 or more, unless the
    /// stream is shorter), cannot begin an image this decoder reads: a stream of anything else
    /// is refused before the rest of it is read.
    func checkStart(_ start: Data) throws
}

extension ImageDecoder {
    public func checkStart(_ start: Data) throws {}
}
