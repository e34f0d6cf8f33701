extension ImageAnalyzer {
    /// Analyzes `image` with the lines its applications published over it: those whose boxes
    /// hold ink are taken as they are and painted out of the pixels the OCR reads, which reads
    /// only the part of the rest still holding ink (nothing, when none does); the codes are read
    /// in `image` as it is; the other published lines take the place of the OCR line they read
    /// like, or stay out (`PublishedCover`, `TextFusion`). Without published lines, the same as
    /// `analyze(_:source:configuration:progress:)`.
    public func analyze(_ image: PixelImage, source: String, configuration: Configuration,
                        publishing published: [PublishedLine]) async throws -> ImageAnalysis {
        try await analyze(image, source: source, configuration: configuration, progress: nil, publishing: published)
    }

    /// `analysis` of `image` with the lines its applications published taken in (`TextFusion`),
    /// its tables found and its items interpreted again over the new text; unchanged when none
    /// were published.
    public func fusing(_ analysis: ImageAnalysis, with published: [PublishedLine], in image: PixelImage,
                       configuration: Configuration) -> ImageAnalysis {
        guard !published.isEmpty, configuration.types.contains(.text) else { return analysis }
        let outcome = TextFusion.fused(analysis.blocks, with: published, in: image)
        guard outcome.accepted + outcome.moved > 0 else { return analysis }
        var fused = interpreted(ImageAnalysis(image: analysis.image, blocks: outcome.blocks, codes: analysis.codes,
                                              regions: configuration.regions), configuration)
        fused.timing = analysis.timing
        return fused
    }

    /// The text of `cover`'s remainder: only its remaining area is read (the codes' `masks` left
    /// out, the windows cut to it), none when nothing is left; in the image's coordinates.
    func recognizeRemainder(of cover: PublishedCover, masking masks: [Bounds], configuration: Configuration,
                            flag: CancellationFlag, timing: inout ImageAnalysis.Timing) async throws -> [TextBlock] {
        guard let area = cover.remainingArea else { return [] }
        let pixels = cover.remainder.cropped(to: area)
        let inArea = { (box: Bounds) in box.intersection(area).moved(x: -area.x, y: -area.y) }
        var configuration = configuration
        configuration.regions = configuration.regions.mapped(inArea)
        let blocks = try await recognizeText(pixels, masking: masks.map(inArea).filter { !$0.isEmpty }, prepared: nil,
                                             configuration: configuration, partials: nil, flag: flag, timing: &timing)
        return try await readingShortCells(of: blocks, in: pixels, configuration: configuration, flag: flag)
            .map { $0.moved(x: area.x, y: area.y) }
    }
}
