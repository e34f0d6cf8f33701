import ArgumentParser
import Foundation
import LiveTextCore
import LiveTextEngines

struct AnalyzeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Analyze image files (PNG, JPEG, TIFF, BMP, PNM, GIF, WebP); - reads stdin.",
        discussion: """
            Several files in one call share warm OCR engines and run in parallel; results are \
            printed in the order of the files. A file that cannot be read is reported on stderr \
            and the others are still analyzed; the exit code is then that of the first failure.
            """)

    @OptionGroup var options: AnalysisOptions

    @Argument(help: ArgumentHelp("Image files; - for standard input.", valueName: "file"),
              completion: .file())
    var files: [String]

    @Option(help: ArgumentHelp("Carry out this quick action (an id from --json's actions, e.g. call-phone-0) "
                               + "with xdg-open or LIVETEXT_OPENER; one image only.", valueName: "id"))
    var perform: String?

    func validate() throws {
        guard perform == nil || files.count == 1 else { throw ValidationError("--perform takes one image") }
        guard !files.isEmpty else { throw ValidationError("no image given (a file, or - for stdin)") }
        guard files.filter({ $0 == "-" }).count <= 1 else {
            throw ValidationError("stdin (-) can be read only once")
        }
    }

    func run() async throws {
        let configuration = try options.configuration()
        let analyzer = try ImageAnalyzer.system(interpreter: try DetectionEnvironment.interpreter())
        let input = ImageInput(limits: ImageLimits(maxPixels: options.maxPixels))
        let output = ResultPrinter(json: options.json, onlyItems: configuration.only != nil,
                                   labelled: files.count > 1)
        var matched = false

        var firstFailure: LiveTextError?
        try await BatchAnalysis.run(files, analyzer: analyzer, input: input,
                                    configuration: configuration) { file, result in
            switch result {
            case .success(let analysis):
                matched = matched || !analysis.items.isEmpty
                try output.print(analysis, name: file)
                if let perform {
                    try DetectionEnvironment.perform(perform, actions: analysis.actions, items: analysis.items,
                                                     text: analysis.text)
                }
            case .failure(let error):
                Diagnostics.error(error.message)
                if firstFailure == nil { firstFailure = error }
            }
        }
        if let firstFailure {
            throw ExitCode(firstFailure.code.exitCode)
        }
        // --only asked for something and no image had it.
        if configuration.only != nil, !matched { throw ExitCode(1) }
    }
}
