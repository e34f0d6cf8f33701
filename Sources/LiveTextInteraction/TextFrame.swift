import Foundation
import LiveTextCore

/// The image turned so that text tilted by `angle` is level (about the image's origin), for
/// selection: words' quads become rectangles there. Level text's frame is the image itself, and
/// every mapping is the identity.
struct TextFrame: Sendable {
    /// The text's tilt on the image, radians (positive: lines fall to the right); 0 for level text.
    let angle: Double
    private let cosine: Double
    private let sine: Double

    init(angle: Double) {
        self.angle = angle
        cosine = cos(angle)
        sine = sin(angle)
    }

    /// A point of the image in the frame.
    func level(_ point: PixelPoint) -> PixelPoint {
        guard angle != 0 else { return point }
        return PixelPoint(x: point.x * cosine + point.y * sine, y: -point.x * sine + point.y * cosine)
    }

    /// A point of the frame on the image.
    func image(_ point: PixelPoint) -> PixelPoint {
        guard angle != 0 else { return point }
        return PixelPoint(x: point.x * cosine - point.y * sine, y: point.x * sine + point.y * cosine)
    }

    /// A word's rectangle in the frame: its bounds for level text, the box of its quad turned level.
    func bounds(of word: TextWord) -> Bounds {
        guard angle != 0 else { return word.bounds }
        let points = word.quad.corners.map { level(PixelPoint(x: $0.x, y: $0.y)) }
        let x = Int(points.map(\.x).min()!.rounded()), y = Int(points.map(\.y).min()!.rounded())
        return Bounds(x: x, y: y, width: Int(points.map(\.x).max()!.rounded()) - x,
                      height: Int(points.map(\.y).max()!.rounded()) - y)
    }

    /// A rectangle of the frame on the image: itself for level text.
    func quad(of rect: Bounds) -> Quad {
        guard angle != 0 else { return Quad(rect) }
        return Quad(rect).mapped { point in
            let p = image(PixelPoint(x: point.x, y: point.y))
            return QuadPoint(x: p.x, y: p.y)
        }
    }
}
