import LiveTextCore

extension SelectableText {
    /// The selected text with the breaks of `ImageAnalysis.text`: a space between words, `\n`
    /// between lines, a blank line between blocks. Selecting everything gives `text` (from its
    /// first word to its last). Empty for an empty selection.
    public func text(of selection: TextSelection) -> String {
        guard !selection.isEmpty, let start = locate(selection.start), let end = locate(selection.end),
              (start.word, start.character) < (end.word, end.character) else { return "" }
        var result = ""
        for index in start.word...end.word {
            let word = words[index]
            if index > start.word { result += separator(from: words[index - 1].position, to: word.position) }
            let from = index == start.word ? start.character : 0
            let to = index == end.word ? end.character : word.characters.count
            if from < to { result += String(word.characters[from..<to]) }
        }
        return result
    }

    /// The Unicode-scalar offset of `position` in `ImageAnalysis.text`, the unit of
    /// `DetectedItem.start` and `end`; nil without words.
    public func textOffset(of position: TextPosition) -> Int? {
        guard let (index, character) = locate(position) else { return nil }
        let word = words[index]
        return word.textOffset + word.scalarCounts[..<character].reduce(0, +)
    }

    /// The position at Unicode-scalar `offset` in `ImageAnalysis.text`: inside the word that holds
    /// it, or at the start of the next word when it falls between words (the end of the last
    /// word past the end); nil without words.
    public func position(atTextOffset offset: Int) -> TextPosition? {
        guard let last = words.last else { return nil }
        // The first word that ends at or after the offset.
        var low = 0, high = words.count
        while low < high {
            let mid = (low + high) / 2
            if words[mid].textOffset + words[mid].scalarCounts.reduce(0, +) < offset { low = mid + 1 } else { high = mid }
        }
        guard low < words.count else { return endOf(last) }
        let word = words[low]
        var position = word.position
        var scalars = word.textOffset, character = 0
        while character < word.characters.count, scalars + word.scalarCounts[character] <= offset {
            scalars += word.scalarCounts[character]
            character += 1
        }
        position.character = offset <= word.textOffset ? 0 : character
        return position
    }

    /// The text an item found in the analysis text covers, as a selection; nil for items read from
    /// a code's payload and without words.
    public func selection(of item: DetectedItem) -> TextSelection? {
        guard item.source == .text, let start = position(atTextOffset: item.start),
              let end = position(atTextOffset: item.end) else { return nil }
        return TextSelection(anchor: start, focus: end)
    }

    /// What `text` holds between the end of the word at `a` and the start of the one at `b`
    /// (`b` later in reading order): a space on one line, a `\n` per line break, a blank line
    /// per block break, and the breaks of any empty lines and blocks between.
    func separator(from a: TextPosition, to b: TextPosition) -> String {
        func breaks(_ count: Int) -> String { String(repeating: "\n", count: max(0, count)) }
        if a.block == b.block { return a.line == b.line ? " " : breaks(b.line - a.line) }
        var result = breaks(blocks[a.block].lines.count - 1 - a.line)
        for middle in (a.block + 1)..<b.block { result += "\n\n" + breaks(blocks[middle].lines.count - 1) }
        return result + "\n\n" + breaks(b.line)
    }
}
