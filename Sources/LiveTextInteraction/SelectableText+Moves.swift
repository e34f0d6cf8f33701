import LiveTextCore

/// How a caret key moves a position through the text, as in a document.
public enum CaretMove: Sendable, Hashable {
    /// Left and Right: one character (the break between two words counts as one).
    case backward, forward
    /// Ctrl+Left: to the start of the word (of the one before, from a word's start); Ctrl+Right:
    /// to the end of the word (of the next one, from a word's end).
    case wordBackward, wordForward
    /// Up and Down: to the line above or below, as near as it gets to `x` (image pixels); from
    /// the first line Up goes to the start of the text, from the last Down to its end.
    case lineUp(x: Double), lineDown(x: Double)
    /// Home and End: the start or end of the line.
    case lineStart, lineEnd
    /// Ctrl+Home and Ctrl+End: the start or end of the text.
    case textStart, textEnd
}

extension SelectableText {
    /// `position` moved by `move`, in reading order; nil without words. A position that names no
    /// word moves from where `clamped` puts it.
    public func position(_ start: TextPosition, moved move: CaretMove) -> TextPosition? {
        guard let (index, character) = locate(start) else { return nil }
        let word = words[index]
        func at(_ index: Int, _ character: Int) -> TextPosition {
            var moved = words[index].position
            moved.character = character
            return moved
        }
        switch move {
        case .backward:
            if character > 0 { return at(index, character - 1) }
            return index > 0 ? endOf(words[index - 1]) : at(index, 0)
        case .forward:
            if character < word.characters.count { return at(index, character + 1) }
            return index + 1 < words.count ? at(index + 1, 0) : endOf(word)
        case .wordBackward:
            if character > 0 || index == 0 { return at(index, 0) }
            return at(index - 1, 0)
        case .wordForward:
            if character < word.characters.count || index + 1 == words.count { return endOf(word) }
            return endOf(words[index + 1])
        case .lineUp(let x):
            guard word.line > 0 else { return startPosition }
            return position(onLine: word.line - 1, nearest: x)
        case .lineDown(let x):
            guard word.line + 1 < lines.count else { return endPosition }
            return position(onLine: word.line + 1, nearest: x)
        case .lineStart:
            return words[lines[word.line].words.lowerBound].position
        case .lineEnd:
            return endOf(words[lines[word.line].words.upperBound - 1])
        case .textStart:
            return startPosition
        case .textEnd:
            return endPosition
        }
    }

    /// Where a caret at `position` is drawn: a `width`-pixel bar as high as its line, at the
    /// character boundary (in proportion across its word); nil without words.
    public func caretRect(at position: TextPosition, width: Int = 2) -> Bounds? {
        guard let location = locate(position) else { return nil }
        let line = lines[words[location.word].line].bounds
        return Bounds(x: x(of: location) - width / 2, y: line.y, width: width, height: line.height)
    }

    /// The x (image pixels) of the character boundary at `position`, which Up and Down keep; nil
    /// without words.
    public func caretX(at position: TextPosition) -> Double? {
        locate(position).map { Double(x(of: $0)) }
    }

    /// On line `index` (of `lines`), the character boundary nearest to `x`: in the word under it
    /// or nearest across.
    private func position(onLine index: Int, nearest x: Double) -> TextPosition {
        let line = lines[index]
        var best = line.words.lowerBound, bestDistance = Double.infinity
        for candidate in line.words {
            let bounds = words[candidate].bounds
            let distance = x < Double(bounds.x) ? Double(bounds.x) - x : max(0, x - Double(bounds.maxX))
            if distance < bestDistance { best = candidate; bestDistance = distance }
        }
        return position(in: words[best], nearest: x)
    }
}
