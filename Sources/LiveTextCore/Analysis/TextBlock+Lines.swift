extension TextBlock {
    /// This block with `lines` in place of its own, its language kept: the block itself when they
    /// are its own lines, nil when there are none (the block is gone).
    func replacingLines(with lines: [TextLine]) -> TextBlock? {
        guard !lines.isEmpty else { return nil }
        guard lines != self.lines else { return self }
        var block = TextBlock(lines: lines)
        block.language = language
        return block
    }
}
