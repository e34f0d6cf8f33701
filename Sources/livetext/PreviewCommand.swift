import ArgumentParser
import Foundation
import ImageCodecs
import LiveTextConfig
import LiveTextCore
import LiveTextEngines
import LiveTextInteraction
import LiveTextNotifications
import LiveTextPreview

/// `livetext preview`: the picture a notification shows for an image, written as PNG, to see
/// what the interaction types and the supplementary interface settings do.
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw the preview a notification shows for an image, as PNG.",
        discussion: """
            The image is analyzed in this process; the preview shows what the interaction types \
            offer: highlighted text, underlined data detectors, quick-action chips bottom-left and \
            the Live Text button bottom-right, inside the content insets, in the interface font. \
            Settings not given here come from the settings file's [interaction] table.
            """)

    @Argument(help: ArgumentHelp("The image file; - for standard input.", valueName: "file"), completion: .file())
    var file: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write the PNG; - for standard output.", valueName: "png"),
            completion: .file(extensions: ["png"]))
    var output: String

    @Option(name: .customLong("interaction"), parsing: .singleValue,
            help: ArgumentHelp("What is offered.", valueName: "automatic|textSelection|dataDetectors|none"),
            completion: .list(InteractionType.allCases.map(\.rawValue)))
    var interactionNames: [String] = []

    @Option(help: ArgumentHelp("Content insets in preview pixels: top,left,bottom,right.", valueName: "t,l,b,r"))
    var insets: String?

    @Option(help: ArgumentHelp("Interface font: family and style (\"DejaVu Serif Bold\"); a size is ignored.",
                               valueName: "font"))
    var font: String?

    @Flag(inversion: .prefixedNo, help: "Draw no Live Text button or chips (SupplementaryInterfaceHidden).")
    var hidden: Bool?

    @Flag(inversion: .prefixedNo, help: "Offer detector actions as secondary ones in textSelection mode.")
    var detectorsInTextMode: Bool?

    @Option(help: ArgumentHelp("OCR languages, tesseract names joined by + (e.g. eng+deu); default: automatic.",
                               valueName: "langs"), completion: ValueCompletions.languages)
    var lang: String?

    func validate() throws {
        _ = try parsedInsets()
        _ = try InteractionType.option(interactionNames)
        if let font {
            guard font.unicodeScalars.count <= InteractionSettings.maxFontNameLength else {
                throw ValidationError("--font: at most \(InteractionSettings.maxFontNameLength) characters")
            }
            if FontDescription(parsing: font) == nil { throw ValidationError("--font: no family in '\(font)'") }
        }
    }

    func run() async throws {
        var interaction = DetectionEnvironment.settings.interaction
        if let types = try InteractionType.option(interactionNames) { interaction.preferredInteractionTypes = types }
        if let insets = try parsedInsets() { interaction.supplementaryInterfaceContentInsets = insets }
        if let font, let description = FontDescription(parsing: font) {
            if let size = description.ignoredSize { Diagnostics.note("font size \(size) ignored: chips keep one size") }
            interaction.supplementaryInterfaceFont = description.name
        }
        if let hidden { interaction.supplementaryInterfaceHidden = hidden }
        if let detectorsInTextMode { interaction.allowDataDetectorsInTextMode = detectorsInTextMode }

        let input = ImageInput()
        let (image, source) = file == "-" ? try await input.loadStandardInput() : try await input.load(path: file)
        let analyzer = try ImageAnalyzer.system(interpreter: try DetectionEnvironment.interpreter())
        var configuration = ImageAnalyzer.Configuration()
        configuration.languages = try lang.map(LanguageSet.init) ?? .automatic
        try analyzer.checkConfiguration(configuration)
        let analysis = try await analyzer.analyze(image, source: source, configuration: configuration)

        let types = interaction.preferredInteractionTypes
        let offer = InteractionOffer(analysis: analysis, types: types,
                                     allowDataDetectorsInTextMode: interaction.allowDataDetectorsInTextMode)
        let style = PreviewStyle(hidden: interaction.supplementaryInterfaceHidden || offer == nil,
                                 insets: interaction.supplementaryInterfaceContentInsets,
                                 fontName: interaction.supplementaryInterfaceFont)
        let rendered = PreviewRenderer().render(image, content: offer?.previewContent(for: analysis) ?? PreviewContent(),
                                                style: style)
        if offer == nil { Diagnostics.note("interaction 'none': no notification would be shown; the plain image written") }
        if let fallback = rendered.fontFallback { Diagnostics.note(fallback) }
        for note in rendered.notes { Diagnostics.note(note) }
        let png = try PNGEncoder.encode(rendered.image)
        if output == "-" { try StandardOutput.write(png) } else { try OutputFile.write(png, to: output) }
    }

    private func parsedInsets() throws -> EdgeInsets? {
        guard let insets else { return nil }
        let values = insets.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 4, let t = values[0], let l = values[1], let b = values[2], let r = values[3],
              [t, l, b, r].allSatisfy(InteractionSettings.insetRange.contains) else {
            throw ValidationError("--insets: four numbers of pixels from 0 to \(Int(InteractionSettings.insetRange.upperBound)): "
                                  + "top,left,bottom,right (got '\(insets)')")
        }
        return EdgeInsets(top: t, left: l, bottom: b, right: r)
    }
}
