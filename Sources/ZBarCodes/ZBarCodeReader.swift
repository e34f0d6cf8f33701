import CZBar
import LiveTextCore

/// Reads every symbology ZBar knows (QR, EAN/UPC, Code 128/39/93, I2/5, DataBar, Codabar, ...).
///
/// A scanner is created per call: ZBar's are cheap and not thread-safe, so the reader stays
/// stateless and can be shared.
public struct ZBarCodeReader: CodeReader {
    public init() {}

    public func readCodes(in image: PixelImage) throws -> [MachineReadableCode] {
        let gray = image.luminance()
        guard let scanner = zbar_image_scanner_create() else {
            throw LiveTextError(.failed, "could not create a ZBar scanner")
        }
        defer { zbar_image_scanner_destroy(scanner) }
        // Everything on; ISBN is EAN-13 under another name, keep ZBar's default (off) for those.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 1)
        zbar_image_scanner_set_config(scanner, ZBAR_ISBN10, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_ISBN13, ZBAR_CFG_ENABLE, 0)
        // Light-on-dark codes (dark themes) when the normal pass finds nothing.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_TEST_INVERTED, 1)

        guard let zimage = zbar_image_create() else { throw LiveTextError(.failed, "could not create a ZBar image") }
        defer { zbar_image_destroy(zimage) }
        zbar_image_set_format(zimage, Self.fourcc("Y800"))
        zbar_image_set_size(zimage, UInt32(gray.width), UInt32(gray.height))
        let found: Int32 = gray.pixels.withUnsafeBufferPointer { pixels in
            // ZBar only reads the buffer during scanning; no cleanup handler, we own the memory.
            zbar_image_set_data(zimage, pixels.baseAddress, UInt(pixels.count), nil)
            defer { zbar_image_set_data(zimage, nil, 0, nil) }
            return zbar_scan_image(scanner, zimage)
        }
        guard found > 0 else { return [] }

        var codes = [MachineReadableCode]()
        var symbol = zbar_image_first_symbol(zimage)
        while let current = symbol {
            defer { symbol = zbar_symbol_next(current) }
            let type = zbar_symbol_get_type(current)
            let name = zbar_get_symbol_name(type).map { String(cString: $0) } ?? "UNKNOWN"
            let length = Int(zbar_symbol_get_data_length(current))
            let payload: String
            if let data = zbar_symbol_get_data(current) {
                let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
                payload = String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
            } else {
                payload = ""
            }
            codes.append(MachineReadableCode(symbology: name, payload: payload,
                                             bounds: Self.bounds(of: current, width: gray.width, height: gray.height)))
        }
        return codes.sorted { ($0.bounds.y, $0.bounds.x) < ($1.bounds.y, $1.bounds.x) }
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
