import CZBar

/// The decoders a scan runs, and how densely it scans.
enum ZBarDecoders: CaseIterable, Sendable {
    /// QR and SQ codes, along every row and column: at every second one, a QR code with 2-pixel
    /// modules was missed.
    case matrix
    /// Every other symbology but ISBN (EAN-13 under another name, off as in ZBar's defaults),
    /// along every ``linearDensity``th row and column.
    case linear

    /// Every this many rows and columns. A bar code is read when ``minimumLinearReads`` of
    /// these lines cross it: wherever it sits, from 6 px high (or, turned, wide).
    static let linearDensity: Int32 = 3

    /// ZBar drops an EAN/UPC or DataBar symbol read on fewer than 4 lines, against false reads
    /// in noise, but only when it scans every row or column. Every third, the same guard is 2
    /// reads: lines 3 pixels apart, so the symbol still spans 4 rows.
    static let minimumLinearReads: Int32 = 2

    /// Whether ZBar's read count of a symbol found by these decoders is enough to trust it.
    func trusts(_ type: zbar_symbol_type_t, reads: Int32) -> Bool {
        guard self == .linear else { return true }
        let guarded = (type.rawValue > ZBAR_PARTIAL.rawValue && type.rawValue < ZBAR_COMPOSITE.rawValue)
            || type == ZBAR_DATABAR || type == ZBAR_DATABAR_EXP
        return !guarded || reads >= Self.minimumLinearReads
    }

    private static let matrixSymbologies = [ZBAR_QRCODE, ZBAR_SQCODE]

    func configure(_ scanner: OpaquePointer) {
        switch self {
        case .matrix:
            zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
            for symbology in Self.matrixSymbologies {
                zbar_image_scanner_set_config(scanner, symbology, ZBAR_CFG_ENABLE, 1)
            }
            // A QR code's own bytes, not ZBar's guess at their charset: see QRPayloadText.
            zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        case .linear:
            zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 1)
            for symbology in Self.matrixSymbologies + [ZBAR_ISBN10, ZBAR_ISBN13] {
                zbar_image_scanner_set_config(scanner, symbology, ZBAR_CFG_ENABLE, 0)
            }
            zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, Self.linearDensity)
            zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Self.linearDensity)
        }
    }
}
