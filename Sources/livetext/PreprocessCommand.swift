import ArgumentParser
import Foundation
import LiveTextCore
import LiveTextEngines

/// Shows what the recognizer is given: for tuning and for bug reports about misread text.
struct PreprocessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preprocess",
        abstract: "Show the measured glyph height and scale, and write the image the OCR engine sees.",
        shouldDisplay: false)

    @Option(help: ArgumentHelp("Write the prepared image as a PGM file here.", valueName: "file"))
    var output: String?

    @OptionGroup var knobs: PreprocessingKnobs

    @Argument(help: ArgumentHelp("An image file.", valueName: "file"), completion: .file())
    var file: String

    func run() async throws {
        let (image, _) = try await ImageInput().load(path: file)
        let prepared = ScreenTextPreprocessor(options: knobs.options).prepare(image)
        let glyph = prepared.glyphHeight.map { String($0) } ?? "none"
        try StandardOutput.write("\(file): \(image.width)x\(image.height) glyph \(glyph) scale \(prepared.scale)\n")
        if let output {
            let header = "P5\n\(prepared.image.width) \(prepared.image.height)\n255\n"
            try (Data(header.utf8) + Data(prepared.image.pixels)).write(to: URL(fileURLWithPath: output))
        }
    }
}
