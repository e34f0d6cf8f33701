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

    /// Starts the analysis of `source` for `owner`. What is wrong at once is thrown at once: a
    /// relative path, a file that is missing, not a file, or unreadable; no display for a capture
    /// or the clipboard; a sandboxed caller the user does not allow (before anything about the
    /// file is said, so a sandbox cannot probe which files exist).
    func startRecord(_ source: AnalysisSource, owner: String, options: RequestOptions,
                     exported: Bool = true) async throws -> AnalysisRecord {
        let copying: [AccessPurpose] = options.copy ? [.copy] : []
        switch source {
        case .file(let path):
            guard path.hasPrefix("/") else {
                throw LiveTextError(.invalidArgs, "'\(path)' is not an absolute path")
            }
            try await checkAccess(owner, for: [.file(path)] + copying)
            var size = 0
            if case .regularFile(let bytes) = try ImageInput.check(path: path, fifos: .refused) { size = bytes }
            let input = imageInput
            return try await startRecord(owner: owner, options: options, describing: "file:" + path, inputBytes: size,
                                         exported: exported, accessChecked: true) { _ in
                AcquiredImage(image: try await input.load(path: path, fifos: .refused).0, source: "file:" + path)
            }
        case .clipboard:
            try await desktop.checkAvailable()
            try await checkAccess(owner, for: [.clipboard] + copying)
            let desktop = self.desktop, input = imageInput
            return try await startRecord(owner: owner, options: options, describing: "clipboard", exported: exported,
                                         accessChecked: true) { _ in
                AcquiredImage(image: try await desktop.clipboardImage(maxBytes: input.maxEncodedBytes, decode: input.decode), source: "clipboard")
            }
        case .capture(let target):
            try await desktop.checkAvailable()
            try await checkAccess(owner, for: [.screen] + copying)
            let desktop = self.desktop, maxPixels = self.maxPixels
            return try await startRecord(owner: owner, options: options, describing: "capture \(target)", isCapture: true,
                                         exported: exported, accessChecked: true) { atRest in
                AcquiredImage(try await desktop.capture(target, maxPixels: maxPixels, atRest: atRest))
            }
        }
    }
}
