import CZBar
import Dispatch
import LiveTextCore

/// Reads every symbology ZBar knows (QR, EAN/UPC, Code 128/39/93, I2/5, DataBar, Codabar, ...).
///
/// The whole image is scanned as it is, and the dark parts of it inverted, for the light-on-dark
/// codes of dark themes (``DarkRegions``). ZBar's own `TEST_INVERTED` scanned the whole image
/// again, inverted, whenever the first pass found nothing: on a screen without codes, which is
/// most of them, that doubled the time.
///
/// Each region is scanned twice, at once, on separate threads (``ZBarDecoders``): once for the
/// matrix codes (QR, SQ) along every row and column, once for the linear ones along every third.
/// On a screen of text ZBar spends most of its time in its linear decoders, which every edge of
/// every glyph goes through; a bar code's bars run across many rows, so a third of them finds it,
/// while a small QR code needs every row and column. (Cutting the image in two overlapping halves,
/// one per core, was no faster, for 56 % more pixels.) A scanner is created per scan: ZBar's are
/// cheap and not thread-safe, so the reader stays stateless and can be shared.
public struct ZBarCodeReader: CodeReader {
    public init() {}

    public func readCodes(in image: PixelImage) throws -> [MachineReadableCode] {
        let gray = image.luminance()
        let whole = Bounds(x: 0, y: 0, width: gray.width, height: gray.height)
        let regions = [ScanRegion(bounds: whole, inverted: false)]
            + DarkRegions.regions(in: gray).map { ScanRegion(bounds: $0, inverted: true) }
        // Each region's pixels are made once (a copy only where inverted) and scanned by every
        // family of decoders.
        let images = regions.map { $0.pixels(of: gray) }
        let scans = regions.indices.flatMap { region in ZBarDecoders.allCases.map { (region, $0) } }
        // One slot per scan, each written by its own thread.
        var results = [Result<[MachineReadableCode], LiveTextError>](repeating: .success([]), count: scans.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer  // disjoint slots: no two threads share one
            DispatchQueue.concurrentPerform(iterations: scans.count) { index in
                let (region, decoders) = scans[index]
                let bounds = regions[region].bounds
                slots[index] = ZBarScan.codes(in: images[region], width: bounds.width, height: bounds.height,
                                              decoders: decoders).map(regions[region].placed)
            }
        }
        // A symbol read both ways round (a code whose quiet zone works either way) counts once.
        var codes = [MachineReadableCode]()
        for code in try results.flatMap({ try $0.get() }) where !codes.contains(where: { $0.sameSymbol(as: code) }) {
            codes.append(code)
        }
        return codes.sorted { ($0.bounds.y, $0.bounds.x) < ($1.bounds.y, $1.bounds.x) }
    }
}

extension MachineReadableCode {
    fileprivate func sameSymbol(as other: MachineReadableCode) -> Bool {
        symbology == other.symbology && payload == other.payload && !bounds.intersection(other.bounds).isEmpty
    }
}

/// A region of the image to scan, as it is or inverted.
private struct ScanRegion {
    let bounds: Bounds
    let inverted: Bool

    /// Its pixels, row after row: the image's own when it is the whole image as it is.
    func pixels(of gray: PixelImage) -> [UInt8] {
        if !inverted, bounds == Bounds(x: 0, y: 0, width: gray.width, height: gray.height) { return gray.pixels }
        var pixels = [UInt8](repeating: 0, count: bounds.width * bounds.height)
        let flip: UInt8 = inverted ? 255 : 0
        gray.pixels.withUnsafeBufferPointer { source in
            for y in 0..<bounds.height {
                let from = (bounds.y + y) * gray.width + bounds.x, to = y * bounds.width
                for x in 0..<bounds.width { pixels[to + x] = flip ^ source[from + x] }
            }
        }
        return pixels
    }

    /// `codes` found in the region, placed in the whole image.
    func placed(_ codes: [MachineReadableCode]) -> [MachineReadableCode] {
        codes.map { code in
            var code = code
            code.bounds = code.bounds.moved(x: bounds.x, y: bounds.y)
            return code
        }
    }
}

/// One ZBar scan of 8-bit gray pixels.
enum ZBarScan {
    static func codes(in pixels: [UInt8], width: Int, height: Int,
                      decoders: ZBarDecoders) -> Result<[MachineReadableCode], LiveTextError> {
        guard let scanner = zbar_image_scanner_create() else {
            return .failure(LiveTextError(.failed, "could not create a ZBar scanner"))
        }
        defer { zbar_image_scanner_destroy(scanner) }
        decoders.configure(scanner)

        guard let zimage = zbar_image_create() else {
            return .failure(LiveTextError(.failed, "could not create a ZBar image"))
        }
        defer { zbar_image_destroy(zimage) }
        zbar_image_set_format(zimage, fourcc("Y800"))
        zbar_image_set_size(zimage, UInt32(width), UInt32(height))
        let found: Int32 = pixels.withUnsafeBufferPointer { pixels in
            // ZBar only reads the buffer during scanning; no cleanup handler, we own the memory.
            zbar_image_set_data(zimage, pixels.baseAddress, UInt(pixels.count), nil)
            defer { zbar_image_set_data(zimage, nil, 0, nil) }
            return zbar_scan_image(scanner, zimage)
        }
        guard found > 0 else {
            return found < 0 ? .failure(LiveTextError(.failed, "ZBar could not scan the image")) : .success([])
        }

        var codes = [MachineReadableCode]()
        var symbol = zbar_image_first_symbol(zimage)
        while let current = symbol {
            defer { symbol = zbar_symbol_next(current) }
            let type = zbar_symbol_get_type(current)
            guard decoders.trusts(type, reads: zbar_symbol_get_quality(current)) else { continue }
            let name = zbar_get_symbol_name(type).map { String(cString: $0) } ?? "UNKNOWN"
            let length = Int(zbar_symbol_get_data_length(current))
            let payload: String
            if let data = zbar_symbol_get_data(current) {
                let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self),
                                                count: length)
                payload = type == ZBAR_QRCODE ? QRPayloadText.decode(Array(bytes)) : String(decoding: bytes, as: UTF8.self)
            } else {
                payload = ""
            }
            codes.append(MachineReadableCode(symbology: name, payload: payload,
                                             bounds: bounds(of: current, width: width, height: height)))
        }
        return .success(codes)
    }

    private static func bounds(of symbol: OpaquePointer, width: Int, height: Int) -> Bounds {
        let count = zbar_symbol_get_loc_size(symbol)
        guard count > 0 else { return .zero }
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for i in 0..<count {
            let x = Int(zbar_symbol_get_loc_x(symbol, i)), y = Int(zbar_symbol_get_loc_y(symbol, i))
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        return Bounds(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            .clamped(width: width, height: height)
    }

    private static func fourcc(_ code: String) -> UInt {
        let b = Array(code.utf8)
        return UInt(b[0]) | UInt(b[1]) << 8 | UInt(b[2]) << 16 | UInt(b[3]) << 24
    }
}
