/// A place in an analysis' text in reading order: before the `character`-th character of a
/// word, `ImageAnalysis.blocks[block].lines[line].words[word]`. Characters are what a person
/// counts (grapheme clusters); `character` runs from 0 (before the first) to the word's count
/// (after the last). Positions order as the text reads: blocks, then lines, then words, then
/// characters, which is the order of `ImageAnalysis.text`.
public struct TextPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var block: Int
    public var line: Int
    public var word: Int
    public var character: Int

    public init(block: Int, line: Int, word: Int, character: Int = 0) {
        self.block = block
        self.line = line
        self.word = word
        self.character = character
    }

    public static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a.block, a.line, a.word, a.character) < (b.block, b.line, b.word, b.character)
    }

    public var description: String { "\(block).\(line).\(word):\(character)" }
}
