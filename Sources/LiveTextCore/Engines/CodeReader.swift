/// A reader of QR codes and barcodes. Stateless between calls and safe to share.
public protocol CodeReader: Sendable {
    /// Every code found in a `gray8` image, with bounds in its pixels.
    func readCodes(in image: PixelImage) throws -> [MachineReadableCode]
}
