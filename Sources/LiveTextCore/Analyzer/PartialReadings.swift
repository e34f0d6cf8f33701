/// Where partial readings go: the caller's progressive reading, and how the text read so far
/// becomes an analysis of the whole image (with its codes).
typealias PartialReadings = (progress: ProgressiveReading, partial: @Sendable ([TextBlock]) -> ImageAnalysis)

extension ImageAnalyzer {
    /// Hands the text `reading` has read so far to `progress`: at once when a piece of a line is
    /// read (`piecesRead` says so), then at most once every interval, the lines read meanwhile
    /// together; until `piecesRead` ends or the task is cancelled. The page so far is assembled as
    /// the whole one is (`TextLayoutAssembler`), off the cooperative pool.
    static func reportPartials(of reading: PageReading, _ piecesRead: AsyncStream<Void>, prepared: PreparedImage,
                               assembler: TextLayoutAssembler, to progress: ProgressiveReading, as partial: @Sendable ([TextBlock]) -> ImageAnalysis) async {
        var reported = 0
        for await _ in piecesRead {
            guard !Task.isCancelled else { return }
            guard let (blocks, pieces) = try? await BlockingWork.run({ () -> ([TextBlock], Int) in
                let (page, pieces) = reading.readSoFar()
                return (assembler.assemble(page, prepared: prepared), pieces)
            }), !Task.isCancelled else { return }
            guard pieces > reported, !blocks.isEmpty else { continue }
            reported = pieces
            progress.observe(PartialAnalysis(generation: pieces + 1, analysis: partial(blocks)))
            try? await Task.sleep(for: progress.interval)
        }
    }

    /// The page's blocks read so far, with the probe's line (`probe`: the line under the pointer,
    /// read alone first) put among them in reading position while no line of theirs lies over it.
    static func keeping(_ probe: [TextBlock], in blocks: [TextBlock]) -> [TextBlock] {
        let probed = probe.flatMap(\.lines).map(\.bounds)
        guard let top = probed.map(\.y).min() else { return blocks }
        let read = blocks.flatMap(\.lines).map(\.bounds)
        if probed.allSatisfy({ line in read.contains { !$0.intersection(line).isEmpty } }) { return blocks }
        let index = blocks.firstIndex { ($0.lines.first?.bounds.y ?? .min) > top } ?? blocks.count
        var merged = blocks
        merged.insert(contentsOf: probe, at: index)
        return merged
    }
}
