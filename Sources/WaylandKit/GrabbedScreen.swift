import LiveTextCore

/// The part of a grabbed screen a capture asked for. A `ScreenGrabber` returns the whole layout,
/// its top-left corner at (0, 0), in physical pixels; the outputs say where each logical pixel
/// of the layout is.
///
/// The grabbed image's own size says how many of its pixels a logical one is (GNOME and KWin
/// draw the whole layout at the largest output scale; GNOME's physical layout mode at 1), so
/// the crop keeps those pixels as they are instead of assuming an output's scale: the capture
/// is in the grabber's pixels, as a screencopy capture is in the compositor's.
enum GrabbedScreen {
    /// `area` (logical pixels, inside `layout`, the union of the outputs) cut out of `screen`,
    /// which shows `layout` whole. Throws `failed` when `screen` cannot be that layout (another
    /// shape, or pixels missing), naming `grabber`.
    static func crop(_ screen: PixelImage, to area: Bounds, layout: Bounds, grabber: String) throws -> CapturedImage {
        guard screen.format == .rgba8, screen.width > 0, screen.height > 0, !layout.isEmpty else {
            throw LiveTextError(.failed, "\(grabber) returned no picture of the screen (\(screen.width)×\(screen.height) "
                                + "\(screen.format))")
        }
        let ratioX = Double(screen.width) / Double(layout.width), ratioY = Double(screen.height) / Double(layout.height)
        // One pixel of rounding either way: a layout of odd size at a fractional scale.
        guard abs(ratioX - ratioY) * Double(max(layout.width, layout.height)) <= 1.5 else {
            throw LiveTextError(.failed, "\(grabber) returned a picture of \(screen.width)×\(screen.height), which is not "
                                + "the screen's \(layout.width)×\(layout.height) layout at any one scale; the monitors may "
                                + "have changed meanwhile: try again")
        }
        let part = area.intersection(layout)
        guard !part.isEmpty else {
            throw LiveTextError(.invalidArgs, "region \(area) lies outside the screen (\(layout.width)×\(layout.height) "
                                + "at \(layout.x),\(layout.y))")
        }
        // Each edge rounded to the nearest pixel, inside the picture; at least one pixel across.
        let left = min(screen.width - 1, Int((Double(part.x - layout.x) * ratioX).rounded()))
        let top = min(screen.height - 1, Int((Double(part.y - layout.y) * ratioY).rounded()))
        let right = min(screen.width, max(left + 1, Int((Double(part.maxX - layout.x) * ratioX).rounded())))
        let bottom = min(screen.height, max(top + 1, Int((Double(part.maxY - layout.y) * ratioY).rounded())))
        return CapturedImage(image: screen.cropped(to: Bounds(x: left, y: top, width: right - left, height: bottom - top)),
                             bounds: part)
    }
}
