extension ImageAnalyzer {
    /// Live text's first answer: the line under `point` found from the pixels (`PointerLine`),
    /// prepared alone as the page is prepared and read as one line, before the page's layout.
    /// Its blocks are in the image's coordinates; none when no line is found there or it reads as
    /// nothing. The whole reading replaces it.
    func probeLine(at point: (x: Int, y: Int), in image: PixelImage, configuration: Configuration,
                   flag: CancellationFlag) async throws -> [TextBlock] {
        guard let found = PointerLine.line(at: point, in: image) else { return [] }
        // Only the window under the pointer: a row running on into the next window is not its line.
        let line = configuration.regions.pieces(of: found)
            .first { $0.bounds.x <= point.x && point.x < $0.bounds.maxX }?.bounds ?? found
        // One line: its large glyphs are not read apart (the page reads them).
        var options = configuration.preprocessing
        options.readLargeTextApart = false
        let preprocessor = ScreenTextPreprocessor(options: options)
        let prepared = try await BlockingWork.run { preprocessor.prepare(image.cropped(to: line)) }
        try flag.check()
        let page = prepared.recognitionPage
        let region = Bounds(x: 0, y: 0, width: prepared.image.width, height: prepared.image.height)
        let engine = try await pool.checkOut(try engines.planLanguages(configuration.languages).primary)
        let words = try await run({ try $0.readLine(in: page, region: region, cancellation: flag) }, on: engine)
        guard !words.isEmpty else { return [] }
        let read = RecognizedPage(blocks: [RecognizedBlock(bounds: region, lines: [RecognizedLine(bounds: region, words: words)])])
        return TextLayoutAssembler().assemble(read, prepared: prepared).map { $0.moved(x: line.x, y: line.y) }
    }
}

extension TextBlock {
    /// The block moved by (`x`, `y`), its lines and words with it.
    func moved(x dx: Int, y dy: Int) -> TextBlock {
        var block = self
        block.bounds = bounds.moved(x: dx, y: dy)
        block.quad = quad.moved(x: dx, y: dy)
        block.lines = lines.map { line in
            var line = line
            line.bounds = line.bounds.moved(x: dx, y: dy)
            line.quad = line.quad.moved(x: dx, y: dy)
            line.words = line.words.map { word in
                var word = word
                word.bounds = word.bounds.moved(x: dx, y: dy)
                word.quad = word.quad.moved(x: dx, y: dy)
                return word
            }
            return line
        }
        return block
    }
}
