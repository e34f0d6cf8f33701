import Foundation

/// A page turned level for reading: text tilted by `angle` in the original is level in the
/// turned page, which is large enough to hold the whole original. Maps points both ways.
public struct PageRotation: Sendable, Hashable {
    /// The text's tilt in the original, radians (positive: lines fall to the right).
    public let angle: Double
    public let originalWidth: Int
    public let originalHeight: Int
    /// The turned page's size.
    public let width: Int
    public let height: Int

    public init(angle: Double, originalWidth: Int, originalHeight: Int) {
        self.angle = angle
        self.originalWidth = originalWidth
        self.originalHeight = originalHeight
        let c = abs(cos(angle)), s = abs(sin(angle))
        width = Int((Double(originalWidth) * c + Double(originalHeight) * s).rounded(.up))
        height = Int((Double(originalWidth) * s + Double(originalHeight) * c).rounded(.up))
    }

    /// Where a point of the turned page lies in the original.
    public func original(_ point: QuadPoint) -> QuadPoint {
        let c = cos(angle), s = sin(angle)
        let dx = point.x - Double(width) / 2, dy = point.y - Double(height) / 2
        return QuadPoint(x: dx * c - dy * s + Double(originalWidth) / 2, y: dx * s + dy * c + Double(originalHeight) / 2)
    }

    /// Where a point of the original lies in the turned page.
    public func turned(_ point: QuadPoint) -> QuadPoint {
        let c = cos(angle), s = sin(angle)
        let dx = point.x - Double(originalWidth) / 2, dy = point.y - Double(originalHeight) / 2
        return QuadPoint(x: dx * c + dy * s + Double(width) / 2, y: -dx * s + dy * c + Double(height) / 2)
    }

    /// The original `gray8` image turned level, bilinear, white where the original does not reach.
    public func turn(_ image: PixelImage) -> PixelImage {
        precondition(image.format == .gray8 && image.width == originalWidth && image.height == originalHeight)
        let sw = image.width, sh = image.height, dw = width, dh = height
        let c = cos(angle), s = sin(angle)
        let out = [UInt8](unsafeUninitializedCapacity: dw * dh) { dst, initialized in
            image.pixels.withUnsafeBufferPointer { src in
                for y in 0..<dh {
                    // The source point of the row's first pixel centre, and its step along the row.
                    let dy = Double(y) + 0.5 - Double(dh) / 2, dx0 = 0.5 - Double(dw) / 2
                    var fx = dx0 * c - dy * s + Double(sw) / 2 - 0.5
                    var fy = dx0 * s + dy * c + Double(sh) / 2 - 0.5
                    for x in 0..<dw {
                        defer { fx += c; fy += s }
                        guard fx > -1, fy > -1, fx < Double(sw), fy < Double(sh) else {
                            dst[y * dw + x] = 255
                            continue
                        }
                        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
                        let ax = fx - Double(x0), ay = fy - Double(y0)
                        func at(_ px: Int, _ py: Int) -> Double {
                            px < 0 || py < 0 || px >= sw || py >= sh ? 255 : Double(src[py * sw + px])
                        }
                        let top = at(x0, y0) * (1 - ax) + at(x0 + 1, y0) * ax
                        let bottom = at(x0, y0 + 1) * (1 - ax) + at(x0 + 1, y0 + 1) * ax
                        dst[y * dw + x] = UInt8((top * (1 - ay) + bottom * ay).rounded())
                    }
                }
            }
            initialized = dw * dh
        }
        return PixelImage(width: dw, height: dh, format: .gray8, pixels: out)
    }
}
