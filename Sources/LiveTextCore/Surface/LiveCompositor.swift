/// Blending paints over the frozen pixels, for one rectangle at a time.
public enum LiveCompositor {
    /// The rgba8 pixels of `area` (inside `frozen`): the frozen pixels with `paints` blended over
    /// them in order.
    public static func compose(_ frozen: PixelImage, _ paints: [LivePaint], in area: Bounds) -> [UInt8] {
        var out = frozen.cropped(to: area).pixels
        for paint in paints where !paint.bounds.intersection(area).isEmpty {
            switch paint {
            case .fill(let rect, let color):
                blend(color, over: rect, into: &out, area: area)
            case .frame(let rect, let color, let width):
                for side in rect.frame(width: width) { blend(color, over: side, into: &out, area: area) }
            case .picture(let picture):
                blend(picture, into: &out, area: area)
            }
        }
        return out
    }

    /// `source` over `destination` with opacity `alpha`, rounded.
    @inline(__always)
    public static func mix(_ source: UInt8, over destination: UInt8, alpha: UInt32) -> UInt8 {
        UInt8((UInt32(source) * alpha + UInt32(destination) * (255 - alpha) + 127) / 255)
    }

    private static func blend(_ color: LiveColor, over rect: Bounds, into out: inout [UInt8], area: Bounds) {
        let part = rect.intersection(area)
        guard !part.isEmpty, color.alpha > 0 else { return }
        let alpha = UInt32(color.alpha), channels = [color.red, color.green, color.blue]
        out.withUnsafeMutableBufferPointer { buffer in
            for y in part.y..<part.maxY {
                var at = ((y - area.y) * area.width + part.x - area.x) * 4
                for _ in 0..<part.width {
                    for channel in 0..<3 { buffer[at + channel] = mix(channels[channel], over: buffer[at + channel], alpha: alpha) }
                    at += 4
                }
            }
        }
    }

    private static func blend(_ picture: LivePicture, into out: inout [UInt8], area: Bounds) {
        let part = picture.bounds.intersection(area), image = picture.image
        guard !part.isEmpty, image.format == .rgba8 else { return }
        out.withUnsafeMutableBufferPointer { buffer in
            image.pixels.withUnsafeBufferPointer { source in
                for y in part.y..<part.maxY {
                    var at = ((y - area.y) * area.width + part.x - area.x) * 4
                    var from = (y - picture.y) * image.bytesPerRow + (part.x - picture.x) * 4
                    for _ in 0..<part.width {
                        let alpha = UInt32(source[from + 3])
                        if alpha == 255 {
                            for channel in 0..<3 { buffer[at + channel] = source[from + channel] }
                        } else if alpha > 0 {
                            for channel in 0..<3 { buffer[at + channel] = mix(source[from + channel], over: buffer[at + channel], alpha: alpha) }
                        }
                        at += 4
                        from += 4
                    }
                }
            }
        }
    }

    /// Where `old` and `new` differ: the rectangles of the paints only one of them has, merged
    /// where they meet (all into one when there are many).
    public static func damage(from old: [LivePaint], to new: [LivePaint]) -> [Bounds] {
        let before = Set(old), after = Set(new)
        let changed = old.filter { !after.contains($0) } + new.filter { !before.contains($0) }
        return merged(changed.map(\.bounds).filter { !$0.isEmpty })
    }

    /// `rects` with those that meet joined into their union; one union when more than 16 remain.
    public static func merged(_ rects: [Bounds]) -> [Bounds] {
        var result: [Bounds] = []
        for rect in rects {
            var joined = rect
            var changed = true
            while changed {
                changed = false
                if let index = result.firstIndex(where: { !$0.intersection(joined).isEmpty }) {
                    joined = joined.union(result.remove(at: index))
                    changed = true
                }
            }
            result.append(joined)
        }
        return result.count > 16 ? [result.union] : result
    }
}

extension Bounds {
    /// The four sides of this rectangle's outline, `width` pixels wide, inside it.
    func frame(width: Int) -> [Bounds] {
        let w = min(width, self.width / 2, height / 2)
        guard w > 0 else { return [self] }
        return [Bounds(x: x, y: y, width: self.width, height: w),
                Bounds(x: x, y: maxY - w, width: self.width, height: w),
                Bounds(x: x, y: y + w, width: w, height: height - 2 * w),
                Bounds(x: maxX - w, y: y + w, width: w, height: height - 2 * w)]
    }
}
