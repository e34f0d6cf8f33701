extension TextBlock {
    /// The block read on a turned page (`PageRotation`) put back onto the image: each word's
    /// rectangle on the turned page becomes its quad on the image (its bounds the box holding
    /// it); lines and the block follow their words.
    func turnedBack(_ rotation: PageRotation, width: Int, height: Int) -> TextBlock {
        var block = TextBlock(lines: lines.map { line in
            TextLine(words: line.words.map { word in
                let quad = Quad(word.bounds).mapped(rotation.original).settled(width: width, height: height)
                return TextWord(text: word.text, bounds: quad.bounds.clamped(width: width, height: height),
                                confidence: word.confidence, quad: quad)
            })
        })
        block.language = language
        return block
    }
}
