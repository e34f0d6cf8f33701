import Foundation
import ArgumentParser
import LiveTextCore
import LiveTextEngines

/// Options shared by every verb that analyzes an image.
struct AnalysisOptions: ParsableArguments {
    @Flag(help: "Print one JSON document per image (JSON Lines for several), as docs/API.md gives it.")
    var json = false

    @Option(help: ArgumentHelp("Print only the tables found, as tsv, csv, html or json (exit 1 when there is none).",
                               valueName: "format"))
    var tables: TableFormat?

    @Option(help: ArgumentHelp("What to look for: \(AnalysisTypes.nameList) (comma-separated; default: the "
                               + "settings' analysis.types, else all three).", valueName: "types"),
            completion: ValueCompletions.analysisTypes)
    var types: String?

    @Option(help: ArgumentHelp(
        "Only these detected types (comma-separated): \(ItemKind.nameList). Plain output is then the "
            + "matched values, one a line.",
        valueName: "types"), completion: ValueCompletions.itemKinds)
    var only: [String] = []

    @Option(help: ArgumentHelp(
        "OCR languages, tesseract names joined by + (e.g. eng+deu). Default: the settings' "
            + "analysis.languages; when empty, English and the locale's languages, and any other installed "
            + "language a block is in (`livetext languages`).",
        valueName: "langs"), completion: ValueCompletions.languages)
    var lang: String?

    @Option(help: ArgumentHelp("Refuse images with more pixels than this, before decoding them.",
                               valueName: "n"))
    var maxPixels: Int = ImageLimits.defaultMaxPixels

    @Option(help: ArgumentHelp("Page layout for OCR: auto (screens and documents), sparse, block, column.",
                               valueName: "layout"))
    var layout: LayoutChoice = .auto

    @Flag(help: "Analyze in this process even when a livetext daemon is running (also: LIVETEXT_LOCAL=1).")
    var local = false

    @OptionGroup var knobs: PreprocessingKnobs

    /// In-process by request: `--local`, `LIVETEXT_LOCAL=1`, or options only this process has.
    var wantsLocal: Bool {
        local || ProcessInfo.processInfo.environment["LIVETEXT_LOCAL"] == "1" || knobs.isSet
            || maxPixels != ImageLimits.defaultMaxPixels
    }

    func validate() throws {
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive") }
        if json, tables != nil { throw ValidationError("--json and --tables print different things: give one (--tables json prints the tables as JSON)") }
    }

    /// The analyzer configuration these options describe (throws `invalidArgs`).
    func configuration() throws -> ImageAnalyzer.Configuration {
        // Unset: the settings file's, as the daemon would use.
        let analysis = DetectionEnvironment.settings.analysis
        var types = try types.map { try AnalysisTypes(names: $0.split(separator: ",").map(String.init)) } ?? analysis.types
        let kinds = try DetectionEnvironment.kinds(only)
        if kinds != nil { types.insert(.detectors) }
        let configured = analysis.languages.isEmpty ? LanguageSet.automatic
            : try LanguageSet(analysis.languages.joined(separator: "+"))
        let languages = try lang.map(LanguageSet.init) ?? configured
        // Said here too: when a daemon reads the image, its notes go to its log.
        if types.contains(.text) { SystemLanguages.noteMissing(languages) }
        return ImageAnalyzer.Configuration(
            types: types,
            languages: languages,
            layout: layout.pageLayout,
            preprocessing: knobs.options,
            only: kinds)
    }
}

enum LayoutChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, sparse, block, column

    var pageLayout: PageLayout {
        switch self {
        case .auto: .auto
        case .sparse: .sparse
        case .block: .singleBlock
        case .column: .singleColumn
        }
    }
}

extension TableFormat: ExpressibleByArgument {}
