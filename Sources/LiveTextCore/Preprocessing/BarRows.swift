/// How far a bar code's bars run above and below the rows its reader scanned: rows whose dark and
/// light columns are those of the middle row's, almost all of them; the digits printed under the
/// bars are not (nor the guard bars between them, with the digits beside).
enum BarRows {
    /// The least share of columns that must match the middle row's.
    static let matching = 0.85

    static func extent(of bounds: Bounds, in image: PixelImage) -> ClosedRange<Int> {
        let from = max(0, bounds.x), to = min(image.width, bounds.maxX)
        let top = max(0, bounds.y), bottom = min(image.height, bounds.maxY) - 1
        guard to - from >= 8, bottom >= top else { return top...max(top, bottom) }
        func shade(_ x: Int, _ y: Int) -> Int {
            let at = y * image.bytesPerRow + x * image.format.bytesPerPixel
            guard image.format == .rgba8 else { return Int(image.pixels[at]) }
            return (77 * Int(image.pixels[at]) + 150 * Int(image.pixels[at + 1]) + 29 * Int(image.pixels[at + 2])) >> 8
        }
        let middle = (top + bottom) / 2
        let reference = (from..<to).map { shade($0, middle) }
        guard let darkest = reference.min(), let lightest = reference.max(), lightest - darkest >= 48 else {
            return top...bottom
        }
        let threshold = (darkest + lightest) / 2
        let dark = reference.map { $0 < threshold }
        func isBars(_ y: Int) -> Bool {
            let same = (from..<to).reduce(0) { $0 + ((shade($1, y) < threshold) == dark[$1 - from] ? 1 : 0) }
            return Double(same) >= matching * Double(to - from)
        }
        var first = top, last = bottom
        let reach = bounds.height
        while first > 0, top - first < reach, isBars(first - 1) { first -= 1 }
        while last < image.height - 1, last - bottom < reach, isBars(last + 1) { last += 1 }
        return first...last
    }
}
