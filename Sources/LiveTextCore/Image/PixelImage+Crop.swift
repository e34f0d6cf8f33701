extension PixelImage {
    /// The pixels inside `area` (in this image's coordinates; must lie inside it).
    public func cropped(to area: Bounds) -> PixelImage {
        if area == Bounds(x: 0, y: 0, width: width, height: height) { return self }
        if area.isEmpty { return PixelImage(width: area.width, height: area.height, format: format, pixels: []) }
        precondition(area.x >= 0 && area.y >= 0 && area.maxX <= width && area.maxY <= height, "crop outside image")
        let bpp = format.bytesPerPixel, rowBytes = area.width * bpp, srcRow = bytesPerRow
        let out = [UInt8](unsafeUninitializedCapacity: rowBytes * area.height) { buffer, count in
            pixels.withUnsafeBytes { src in
                let dst = UnsafeMutableRawBufferPointer(buffer)
                for row in 0..<area.height {
                    let from = (area.y + row) * srcRow + area.x * bpp
                    dst.baseAddress!.advanced(by: row * rowBytes)
                        .copyMemory(from: src.baseAddress!.advanced(by: from), byteCount: rowBytes)
                }
            }
            count = rowBytes * area.height
        }
        return PixelImage(width: area.width, height: area.height, format: format, pixels: out)
    }
}
