extension ImageAnalyzer {
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
}
