/// A reader of QR codes and barcodes. Stateless between calls and safe to share.
public protocol CodeReader: Sendable {
    /// Every code found in the image (of either format), with bounds in its pixels.
    func readCodes(in image: PixelImage) throws -> [MachineReadableCode]
}
