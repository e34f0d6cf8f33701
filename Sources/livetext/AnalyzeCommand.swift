import ArgumentParser
import Foundation
import LiveTextCore
import LiveTextEngines
import LiveTextService

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
    @OptionGroup var delivery: DeliveryOptions

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
        let output = ResultPrinter(json: options.json, onlyItems: configuration.only != nil,
                                   labelled: files.count > 1, tables: options.tables)
        var matched = false, tabled = false
        var firstFailure: LiveTextError?
        var delivered: [ImageAnalysis] = []
        var notified = false
        func deliver(_ file: String, _ result: Result<ImageAnalysis, LiveTextError>, performHere: Bool) throws {
            switch result {
            case .success(let analysis):
                matched = matched || !analysis.items.isEmpty
                tabled = tabled || !analysis.tables.isEmpty
                try output.print(analysis, name: file)
                if delivery.isSet { delivered.append(analysis) }
                if let perform, performHere {
                    try DetectionEnvironment.perform(perform, actions: analysis.actions, items: analysis.items,
                                                     text: analysis.text)
                }
            case .failure(let error):
                Diagnostics.error(error)
                if firstFailure == nil { firstFailure = error }
            }
        }

        if let client = options.wantsLocal ? nil : await DaemonClient.reachable(doing: "analyzing") {
            // The daemon's warm engines; it performs the action itself.
            // The daemon shows the notifications: it stays for their actions.
            var request = AnalysisRequestOptions(configuration)
            try delivery.requestNotification(in: &request)
            let requestOptions = request
            let perform = self.perform
            // A daemon lost mid-run leaves the rest (and the files it held) to this process.
            let fallback = InProcessFallback(configuration: configuration, maxPixels: options.maxPixels)
            var allByDaemon = true
            try await BatchAnalysis.run(files, width: 4, analyze: { file in
                if await fallback.isActive { return (await fallback.analyze(file), local: true) }
                switch await client.analyze(file, options: requestOptions, perform: perform) {
                case .answered(let result):
                    return (result, local: false)
                case .lost(let reason):
                    await fallback.takeOver(because: reason)
                    return (await fallback.analyze(file), local: true)
                }
            }, deliver: { file, outcome in
                if outcome.local { allByDaemon = false }
                try deliver(file, outcome.0, performHere: outcome.local)
            })
            client.bus.close()
            // After a fallback, every result is notified here: a duplicate rather than a missing one.
            notified = delivery.notify && allByDaemon
        } else {
            let analyzer = try ImageAnalyzer.system(interpreter: try DetectionEnvironment.interpreter())
            let input = ImageInput(limits: ImageLimits(maxPixels: options.maxPixels))
            try await BatchAnalysis.run(files, analyzer: analyzer, input: input, configuration: configuration) {
                try deliver($0, $1, performHere: true)
            }
        }
        try await ResultDelivery(options: delivery, onlyItems: configuration.only != nil).deliver(delivered, notified: notified)
        if let firstFailure {
            throw ExitCode(firstFailure.code.exitCode)
        }
        // --only asked for something and no image had it.
        if configuration.only != nil, !matched { throw ExitCode(1) }
        // --tables and no image had one.
        if options.tables != nil, !tabled { throw ExitCode(1) }
    }
}
