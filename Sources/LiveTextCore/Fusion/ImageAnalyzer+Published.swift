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
    /// its tables found again over the new text, a published table in the place of the one found
    /// over it (`PublishedTables`), and its items interpreted again; unchanged when none were
    /// published.
    public func fusing(_ analysis: ImageAnalysis, with published: [PublishedLine], in image: PixelImage,
                       configuration: Configuration) -> ImageAnalysis {
        guard !published.isEmpty, configuration.types.contains(.text) else { return analysis }
        let checked = PublishedCover.checked(published, in: image)
        let outcome = TextFusion.fused(analysis.blocks, accepted: checked.accepted, unchecked: checked.unchecked)
        guard outcome.accepted + outcome.moved > 0 else { return analysis }
        var read = ImageAnalysis(image: analysis.image, blocks: outcome.blocks, codes: analysis.codes,
                                 regions: configuration.regions)
        read.tables = PublishedTables.merged(read.tables, with: PublishedTables.tables(accepted: checked.accepted,
                                                                                       unchecked: checked.unchecked))
        var fused = interpreted(read, configuration)
        fused.timing = analysis.timing
        return fused
    }

    /// The same, read progressively (live text): the published lines holding ink are handed to
    /// `progress` at once, as its first partial reading, before the codes and the OCR of the rest;
    /// each later one holds them.
    public func analyze(_ image: PixelImage, source: String, configuration: Configuration, progress: ProgressiveReading?,
                        publishing published: [PublishedLine]) async throws -> ImageAnalysis {
        try await analyze(image, source: source, configuration: configuration, progress: progress, published: published)
    }

    /// `blocks` with the published lines `taken` where they stand (the OCR's words under them
    /// left out), in reading order; `blocks` when none were taken.
    static func withPublished(_ blocks: [TextBlock], _ taken: [PublishedLine]) -> [TextBlock] {
        taken.isEmpty ? blocks : TextFusion.fused(blocks, accepted: taken, unchecked: []).blocks
    }

    /// The text of `cover`'s remainder: only its remaining parts are read (the codes' `masks` left
    /// out, the windows cut to them), laid one under another when they are apart
    /// (`RemainderMosaic`), in one run; none when nothing is left; in the image's coordinates. The
    /// partial readings (`partials`) are handed the lines read so far in the image's coordinates.
    func recognizeRemainder(of cover: PublishedCover, masking masks: [Bounds], configuration: Configuration,
                            partials: PartialReadings? = nil, flag: CancellationFlag,
                            timing: inout ImageAnalysis.Timing) async throws -> [TextBlock] {
        guard let mosaic = RemainderMosaic(areas: cover.remainingAreas, in: cover.remainder) else { return [] }
        var configuration = configuration
        configuration.regions = ContentRegions(configuration.regions.rects.flatMap(mosaic.inMosaic))
        let inImage = partials.map { partials in
            var progress = partials.progress
            progress.focus = progress.focus.flatMap { mosaic.inMosaic($0).first }
            let partial = partials.partial
            return (progress, { @Sendable (blocks: [TextBlock]) in partial(mosaic.inRemainder(blocks)) })
        }
        let blocks = try await recognizeText(mosaic.image, masking: masks.flatMap(mosaic.inMosaic), prepared: nil,
                                             configuration: configuration, partials: inImage, flag: flag, timing: &timing)
        return mosaic.inRemainder(try await readingShortCells(of: blocks, in: mosaic.image, configuration: configuration,
                                                              flag: flag))
    }
}

extension ProgressiveReading {
    /// Hands `blocks` (the published lines taken) on at once as the first partial reading of
    /// `image`, interpreted by `interpret`, and returns the progressive reading the rest of the
    /// analysis reports to: this one, each of its readings one generation on (they hold the
    /// published lines too).
    func publishingFirst(_ blocks: [TextBlock], image: PixelImage, source: String,
                         interpret: (ImageAnalysis) -> ImageAnalysis) -> ProgressiveReading {
        let info = ImageAnalysis.ImageInfo(width: image.width, height: image.height, source: source)
        observe(PartialAnalysis(generation: 1, analysis: interpret(ImageAnalysis(image: info, blocks: blocks))))
        let observe = self.observe
        return ProgressiveReading(focus: focus, interval: interval) {
            observe(PartialAnalysis(generation: $0.generation + 1, analysis: $0.analysis))
        }
    }
}
