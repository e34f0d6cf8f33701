import LiveTextCore

/// Where each word of an analysis sits in its `text`, so an item found in the text gets the pixel
/// bounds of the words it covers.
struct WordLocations {
    private var ranges: [Range<Int>] = []
    private var bounds: [Bounds] = []

    /// Follows how `ImageAnalysis.text` is built: words joined by a space, lines by `\n`,
    /// blocks by a blank line.
    init(_ blocks: [TextBlock]) {
        var offset = 0
        for (b, block) in blocks.enumerated() {
            if b > 0 { offset += 2 }
            for (l, line) in block.lines.enumerated() {
                if l > 0 { offset += 1 }
                for (w, word) in line.words.enumerated() {
                    if w > 0 { offset += 1 }
                    let length = word.text.unicodeScalars.count
                    ranges.append(offset..<(offset + length))
                    bounds.append(word.bounds)
                    offset += length
                }
            }
        }
    }

    /// The union of the bounds of the words `range` touches; nil when it touches none.
    func bounds(of range: Range<Int>) -> Bounds? {
        // Words are in text order: binary-search the first word ending after the range starts.
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var touched: [Bounds] = []
        var index = low
        while index < ranges.count, ranges[index].lowerBound < range.upperBound {
            touched.append(bounds[index])
            index += 1
        }
        return touched.isEmpty ? nil : touched.union
    }
}
