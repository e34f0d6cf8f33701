import Foundation

/// Turns encoded image bytes (PNG, JPEG, ...) into pixels. Stateless and safe to share.
public protocol ImageDecoder: Sendable {
    /// Decodes `data`, checking the size from the header against `limits` before decoding pixels.
    ///
    /// Throws `invalidImage` for anything that is not a complete, supported image, and `tooLarge`.
    func decode(_ data: Data, limits: ImageLimits) throws -> PixelImage
}
