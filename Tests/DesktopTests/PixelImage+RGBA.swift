import LiveTextCore

extension PixelImage {
    /// The colour at (`x`, `y`) of an rgba8 image.
    func rgba(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let at = (y * width + x) * 4
        return (Int(pixels[at]), Int(pixels[at + 1]), Int(pixels[at + 2]))
    }
}
