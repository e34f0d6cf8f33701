import LiveTextCore

/// The rows around the pointer, read before the rest of the screen so that the text the user is
/// looking at is live first.
public enum LiveBand {
    /// Half the band's height, in pixels.
    public static let reach = 120

    /// The band around row `y` across the whole `width` × `height` image; nil when the image is
    /// hardly taller than the band (reading it all is as quick).
    public static func around(y: Int, width: Int, height: Int) -> Bounds? {
        guard height > 3 * reach else { return nil }
        let top = max(0, min(y - reach, height - 2 * reach))
        return Bounds(x: 0, y: top, width: width, height: 2 * reach)
    }
}

extension ImageAnalysis {
    /// This analysis of a part of an image as an analysis of the whole: every rectangle moved
    /// by `dx`, `dy`, the text (and so the items' offsets) unchanged, sized as `width` × `height`.
    public func moved(dx: Int, dy: Int, width: Int, height: Int) -> ImageAnalysis {
        func move(_ rect: Bounds) -> Bounds { Bounds(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height) }
        let movedBlocks = blocks.map { block in
            var moved = TextBlock(lines: block.lines.map { line in
                TextLine(words: line.words.map { TextWord(text: $0.text, bounds: move($0.bounds), confidence: $0.confidence) })
            })
            moved.language = block.language
            moved.confidence = block.confidence
            return moved
        }
        var items = self.items
        for index in items.indices {
            items[index].bounds = items[index].bounds.map(move)
            items[index].lines = items[index].lines?.map(move)
        }
        let codes = self.codes.map { MachineReadableCode(symbology: $0.symbology, payload: $0.payload, bounds: move($0.bounds)) }
        var moved = ImageAnalysis(image: ImageInfo(width: width, height: height, source: image.source), blocks: movedBlocks,
                                  codes: codes, items: items, actions: actions, timing: timing)
        moved.text = text
        return moved
    }
}
