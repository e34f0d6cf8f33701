/// Where partial readings go: the caller's progressive reading, and how the text read so far
/// becomes an analysis of the whole image (with its codes).
typealias PartialReadings = (progress: ProgressiveReading, partial: @Sendable ([TextBlock]) -> ImageAnalysis)

extension ImageAnalyzer {
    /// Hands the text `reading` has read so far to `progress`: at once when a piece of a line is
    /// read (`piecesRead` says so), then at most once every interval, the lines read meanwhile
    /// together; until `piecesRead` ends or the task is cancelled. The page so far is assembled as
    /// the whole one is (`TextLayoutAssembler`), off the cooperative pool.
    static func reportPartials(of reading: PageReading, _ piecesRead: AsyncStream<Void>, prepared: PreparedImage,
                               to progress: ProgressiveReading, as partial: @Sendable ([TextBlock]) -> ImageAnalysis) async {
        var reported = 0
        for await _ in piecesRead {
            guard !Task.isCancelled else { return }
            guard let (blocks, pieces) = try? await BlockingWork.run({ () -> ([TextBlock], Int) in
                let (page, pieces) = reading.readSoFar()
                return (TextLayoutAssembler().assemble(page, prepared: prepared), pieces)
            }), !Task.isCancelled else { return }
            guard pieces > reported, !blocks.isEmpty else { continue }
            reported = pieces
            progress.observe(PartialAnalysis(generation: pieces + 1, analysis: partial(blocks)))
            try? await Task.sleep(for: progress.interval)
        }
    }
}
