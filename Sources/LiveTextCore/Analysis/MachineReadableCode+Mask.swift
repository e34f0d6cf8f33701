extension MachineReadableCode {
    /// A two-dimensional code (QR, Data Matrix, Aztec, PDF417): its modules are one patch of
    /// squares all round. The others are bar codes: bars side by side, read along one line.
    public var isMatrix: Bool {
        ["QR-Code", "SQ-Code", "DataMatrix", "Aztec", "PDF417", "MicroQR"].contains(symbology)
    }

    /// Where the page's text is not read, for the code's modules read as garbage letters: a
    /// matrix code's bounds with a quiet zone all round; a bar code's bars, as far up and down as
    /// they run in `image` (the reader's bounds hold only the rows it scanned), with a quiet zone at
    /// their sides only: the digits printed right under or over the bars stay readable (a margin
    /// there cut a product's EAN to `4 -uvod.0 1"`).
    public func textMask(in image: PixelImage) -> Bounds {
        let margin = max(4, min(bounds.width, bounds.height) / 8)
        guard !isMatrix else {
            return Bounds(x: bounds.x - margin, y: bounds.y - margin,
                          width: bounds.width + 2 * margin, height: bounds.height + 2 * margin)
        }
        let rows = BarRows.extent(of: bounds, in: image)
        return Bounds(x: bounds.x - margin, y: rows.lowerBound - 1,
                      width: bounds.width + 2 * margin, height: rows.count + 2)
    }
}
