import ArgumentParser
import LiveTextCore

/// Hidden tuning knobs for the screen-text preprocessing, for measurements, not the interface.
struct PreprocessingKnobs: ParsableArguments {
    @Option(help: .hidden) var debugUpscaleBelow: Double?
    @Option(help: .hidden) var debugTargetHeight: Double?
    @Option(help: .hidden) var debugScale: Double?
    @Flag(help: .hidden) var debugNoNormalize = false

    /// True when a knob was turned: the daemon only runs the defaults.
    var isSet: Bool {
        debugUpscaleBelow != nil || debugTargetHeight != nil || debugScale != nil || debugNoNormalize
    }

    var options: ScreenTextPreprocessor.Options {
        var options = ScreenTextPreprocessor.Options()
        if let debugUpscaleBelow { options.upscaleBelowGlyphHeight = debugUpscaleBelow }
        if let debugTargetHeight { options.targetGlyphHeight = debugTargetHeight }
        options.forcedScale = debugScale
        options.normalizeBackground = !debugNoNormalize
        return options
    }
}
