import DBusKit
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors
import LiveTextEngines

extension LiveTextService {
    /// `Analyzer1.Analyze`: one call that replies with the result, for scripts, whose every
    /// `gdbus call` is its own connection (an analysis object would be gone with it).
    func analyzeMethod(options: DBusArgument) -> DBusMethod {
        var method = DBusMethod("Analyze", inputs: [DBusArgument("source", "s"), options],
                   outputs: [DBusArgument("text", "s"), DBusArgument("json", "s")],
                   doc: """
                   Analyzes a source and replies when the analysis is done, with its text (with only: the \
                   items' text, a line each) and the JSON document of livetext analyze --json; the caller chooses how long to wait \
                   (gdbus --timeout, busctl --timeout). source: \(AnalysisSource.accepted). A failure is the \
                   reply's error (org.livetext.Error.*). No object is made; the analysis counts against the \
                   caller's limits until the reply. A caller that leaves before the reply cancels it, unless \
                   copy or notify asked for more. The source alone (signature s) is taken too, with the \
                   settings' options: dbus-send cannot build a{sv}.
                   """) { call in
            try await replying {
                let source = try AnalysisSource(parsing: call[0].string ?? "")
                let request = try self.options(call.arguments.count > 1 ? call[1] : .vardict([:]))
                let record = try await self.startRecord(source, owner: call.sender, options: request, exported: false)
                await record.wait()
                await self.release(record, cancelling: false)
                guard let analysis = await record.analysis else { throw await record.error ?? .cancelled }
                return [.string(analysis.plainText(onlyItems: request.only != nil)), .string(analysis.jsonLine())]
            }
        }
        method.alsoAccepts = ["s"]
        return method
    }

    /// Starts the analysis of `source` for `owner`, whom the access gate let through (a file
    /// the gate opened is the one read). What is wrong at once is thrown at once: a file that is
    /// missing, not a file, or unreadable (for a sandboxed caller only after its consent, so a
    /// sandbox cannot probe which files exist); no display for a capture or the clipboard.
    func startRecord(_ source: AnalysisSource, owner: String, options: RequestOptions,
                     exported: Bool = true) async throws -> AnalysisRecord {
        switch source {
        case .file(let path):
            let file = try AccessGrant.file(path)
            try file.check()
            let input = imageInput
            let decoder = countedDecoder
            return try await startRecord(owner: owner, options: options, describing: "file:" + file.shownPath,
                                         exported: exported) { _ in
                do {
                    // Reading blocks: not on the cooperative pool.
                    let data = try await BlockingWork.run { try file.read(limit: input.maxEncodedBytes) }
                    return AcquiredImage(image: try await decoder.decode(data), source: "file:" + file.lexicalPath)
                } catch let error as LiveTextError {
                    throw error.about(path)
                }
            }
        case .clipboard:
            let desktop = try self.desktop(for: options)
            try await desktop.checkAvailable()
            let input = imageInput, decoder = countedDecoder
            return try await startRecord(owner: owner, options: options, describing: "clipboard", exported: exported) { _ in
                AcquiredImage(image: try await desktop.clipboardImage(maxBytes: input.maxEncodedBytes, decode: decoder.decode),
                              source: "clipboard")
            }
        case .capture(let target):
            let desktop = try self.desktop(for: options)
            try await desktop.checkAvailable()
            let maxPixels = self.maxPixels, requestLimits = self.requestLimits, settings = self.settings
            return try await startRecord(owner: owner, options: options, describing: "capture \(target)", isCapture: true,
                                         exported: exported) { atRest in
                let shot = try await desktop.capture(target, maxPixels: maxPixels, atRest: atRest)
                // A screen's pixels cost as a decoded image's do.
                try await requestLimits.holdDecoded(shot.image.pixels.count, limits: settings.settings.limits)
                return AcquiredImage(shot)
            }
        }
    }
}
