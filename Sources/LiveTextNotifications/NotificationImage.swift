import DBusKit
import LiveTextCore

/// An image shown in a notification, as 8-bit RGBA pixels (tightly packed rows, top row first).
///
/// Sent as the `image-data` hint: the struct `(iiibiiay)` of width, height, rowstride, has-alpha,
/// bits per sample (8), channels (4) and the pixel bytes, which DBusKit marshals as one fixed array.
public struct NotificationImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel.
    public let rgba: [UInt8]

    /// The largest side accepted; servers draw notification images at icon size, so anything larger
    /// should be shrunk with ``scaledToFit(maxSide:)`` first.
    public static let maxSide = 4096

    /// Wraps RGBA pixels. Throws `.invalidArgs` when a side is not positive or the byte count does
    /// not match, `.tooLarge` when a side exceeds ``maxSide``.
    public init(width: Int, height: Int, rgba: [UInt8]) throws {
        guard width > 0, height > 0 else {
            throw LiveTextError(.invalidArgs, "notification image must not be empty (\(width)×\(height))")
        }
        guard width <= Self.maxSide, height <= Self.maxSide else {
            throw LiveTextError(.tooLarge,
                                "notification image is \(width)×\(height), over \(Self.maxSide) pixels a side; scale it down first")
        }
        guard rgba.count == width * height * 4 else {
            throw LiveTextError(.invalidArgs,
                                "notification image of \(width)×\(height) needs \(width * height * 4) RGBA bytes, got \(rgba.count)")
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Converts a decoded image (gray becomes opaque RGBA). Throws as ``init(width:height:rgba:)``.
    public init(_ image: PixelImage) throws {
        switch image.format {
        case .rgba8:
            try self.init(width: image.width, height: image.height, rgba: image.pixels)
        case .gray8:
            var rgba = [UInt8](repeating: 255, count: image.pixelCount * 4)
            for (i, value) in image.pixels.enumerated() {
                rgba[4 * i] = value
                rgba[4 * i + 1] = value
                rgba[4 * i + 2] = value
            }
            try self.init(width: image.width, height: image.height, rgba: rgba)
        }
    }

    private init(unchecked width: Int, _ height: Int, _ rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The image shrunk (box filter, aspect ratio kept) so that neither side exceeds `maxSide`;
    /// the image itself when it already fits. `maxSide` below 1 counts as 1.
    public func scaledToFit(maxSide: Int) -> NotificationImage {
        let limit = max(1, maxSide)
        guard width > limit || height > limit else { return self }
        let scale = Double(limit) / Double(max(width, height))
        let newWidth = max(1, Int((Double(width) * scale).rounded()))
        let newHeight = max(1, Int((Double(height) * scale).rounded()))
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for y in 0..<newHeight {
            let y0 = y * height / newHeight, y1 = max(y0 + 1, (y + 1) * height / newHeight)
            for x in 0..<newWidth {
                let x0 = x * width / newWidth, x1 = max(x0 + 1, (x + 1) * width / newWidth)
                var sums = (0, 0, 0, 0)
                for sy in y0..<y1 {
                    var index = (sy * width + x0) * 4
                    for _ in x0..<x1 {
                        sums.0 += Int(rgba[index])
                        sums.1 += Int(rgba[index + 1])
                        sums.2 += Int(rgba[index + 2])
                        sums.3 += Int(rgba[index + 3])
                        index += 4
                    }
                }
                let count = (y1 - y0) * (x1 - x0), target = (y * newWidth + x) * 4
                out[target] = UInt8((sums.0 + count / 2) / count)
                out[target + 1] = UInt8((sums.1 + count / 2) / count)
                out[target + 2] = UInt8((sums.2 + count / 2) / count)
                out[target + 3] = UInt8((sums.3 + count / 2) / count)
            }
        }
        return NotificationImage(unchecked: newWidth, newHeight, out)
    }

    /// The value of the `image-data` hint: `(iiibiiay)`.
    public var hintValue: DBusValue {
        .structure([
            .int32(Int32(width)), .int32(Int32(height)), .int32(Int32(width * 4)),
            .bool(true), .int32(8), .int32(4), .bytes(rgba),
        ])
    }
}
