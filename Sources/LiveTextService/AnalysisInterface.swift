import DBusKit
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors
import LiveTextInteraction

extension LiveTextService {
    /// `org.livetext.Analysis1` of one record.
    func analysisInterface(_ record: AnalysisRecord) -> DBusInterface {
        @Sendable func result() async throws -> ImageAnalysis {
            if let analysis = await record.analysis { return analysis }
            throw DBusError.livetext(.notFound, "analysis \(record.id) is \(await record.state.rawValue): no result")
        }
        return DBusInterface(ServiceNames.analysis, doc: """
            One analysis: its state, and once finished its text, items, codes and quick actions. It lives \
            until its caller releases it or leaves the bus, or it expires. Only the connection that asked \
            for it may use it: to any other, every member but State answers org.livetext.Error.AccessDenied, \
            and the object is not listed in introspection. PropertiesChanged announces State and Error to \
            everyone, and the result's properties (ImageSize, Text, Json, Items, Codes, QuickActions) to \
            the caller alone: when the analysis finishes, and for a live one (CaptureScreen with live) as \
            each reading arrives while it is still pending.
            """,
            methods: [
                DBusMethod("Wait", doc: "Returns when the analysis has ended; with its error when it failed.") { _ in
                    await record.wait()
                    if await record.state != .finished, let error = await record.error { throw error.dbusError }
                    return []
                },
                DBusMethod("Cancel", doc: "Stops a running analysis; does nothing once it has ended.") { _ in
                    if await record.cancel() { await self.announce(record, state: .cancelled) }
                    return []
                },
                DBusMethod("TextInRect", inputs: [DBusArgument("x", "i"), DBusArgument("y", "i"),
                                                  DBusArgument("width", "u"), DBusArgument("height", "u")],
                           outputs: [DBusArgument("text", "s")],
                           doc: "The words whose centres fall in the rectangle, in reading order.") { call in
                    let rect = Bounds(x: Int(call[0].int32 ?? 0), y: Int(call[1].int32 ?? 0),
                                      width: Int(call[2].uint32 ?? 0), height: Int(call[3].uint32 ?? 0))
                    return [.string(AnalysisQueries.text(in: rect, of: try await result()))]
                },
                DBusMethod("ItemAt", inputs: [DBusArgument("x", "i"), DBusArgument("y", "i")],
                           outputs: [DBusArgument("item", "a{sv}")],
                           doc: "The detected item at a point, or an empty dictionary.") { call in
                    let item = AnalysisQueries.item(at: Int(call[0].int32 ?? 0), Int(call[1].int32 ?? 0),
                                                    of: try await result())
                    return [.vardict(item.map(DBusEncoding.item) ?? [:])]
                },
                DBusMethod("PerformAction", inputs: [DBusArgument("id", "s")],
                           doc: "Carries out a quick action by id (open, mail, call, map, calendar, track, copy).") { call in
                    let analysis = try await result()
                    try await replying {
                        let desktop = try self.desktop(named: record.display, xauthority: record.xauthority, wayland: record.waylandDisplay)
                        _ = try await self.actionPerformer(desktop).performWaiting(call[0].string ?? "", in: analysis)
                    }
                    return []
                },
                DBusMethod("Copy", inputs: [DBusArgument("what", "s")],
                           doc: "Puts the text, or an item's or code's value, on the clipboard.") { call in
                    let analysis = try await result()
                    let what = call[0].string ?? ""
                    guard let text = AnalysisQueries.copyTarget(what, in: analysis) else {
                        throw DBusError.livetext(.notFound, "nothing called '\(what)' to copy (text, or an action id)")
                    }
                    guard !text.isEmpty else {
                        throw DBusError.livetext(.notFound, "'\(what)' is empty: the clipboard is left as it was")
                    }
                    try await replying {
                        try await self.desktop(named: record.display, xauthority: record.xauthority, wayland: record.waylandDisplay)
                            .copy(text, alsoPrimary: self.settings.settings.clipboard.alsoPrimary)
                    }
                    return []
                },
                DBusMethod("Release", doc: "Frees the analysis; its object goes away.") { _ in
                    await self.release(record)
                    // Its work counts against the client until it has stopped (it may still be
                    // unwinding from the cancel): the share is back when this replies.
                    await record.workEnded(within: .seconds(2))
                    return []
                },
            ],
            properties: [
                DBusProperty("State", type: "s", doc: """
                    pending, finished, failed or cancelled. A live analysis is pending while its surface is up, \
                    and ends when the user closes it: finished, failed (the reading's error) or cancelled (closed \
                    before anything was read).
                    """) {
                    .string(await record.state.rawValue)
                },
                DBusProperty("Error", type: "s", doc: "The D-Bus error name and message of a failed analysis, or empty.") {
                    .string(await record.error.map { "\($0.code.dbusName): \(DBusError.sendable($0.dbusMessage))" } ?? "")
                },
                DBusProperty("ImageSize", type: "(uu)", doc: "Width and height in pixels.") {
                    let info = await record.analysis?.image
                    return .structure([.uint32(UInt32(info?.width ?? 0)), .uint32(UInt32(info?.height ?? 0))])
                },
                DBusProperty("Text", type: "s", doc: "The text in reading order; a live analysis' reading so far.") {
                    .string(await record.analysis?.text ?? "")
                },
                DBusProperty("Json", type: "s", doc: "The analysis as the JSON document of livetext analyze --json (docs/API.md).") {
                    .string(await record.analysis?.jsonLine() ?? "")
                },
                DBusProperty("Items", type: "aa{sv}", doc: "Detected items.") {
                    .vardicts((await record.analysis?.items ?? []).map(DBusEncoding.item))
                },
                DBusProperty("Codes", type: "aa{sv}", doc: "QR codes and barcodes.") {
                    .vardicts((await record.analysis?.codes ?? []).map(DBusEncoding.code))
                },
                DBusProperty("QuickActions", type: "aa{sv}", doc: "The actions the items imply.") {
                    .vardicts((await record.analysis?.actions ?? []).map(DBusEncoding.action))
                },
                DBusProperty("Tables", type: "s", doc: "The tables found in the text, as the JSON array of the document's tables (docs/API.md).") {
                    .string(await record.analysis.map { TableFormat.json.render($0.tables).trimmingCharacters(in: .newlines) } ?? "[]")
                },
            ])
    }

    /// The performer of quick actions, copying on `desktop` (the daemon's own by default).
    func actionPerformer(_ desktop: Desktop? = nil) -> ActionPerformer {
        let desktop = desktop ?? self.desktop, alsoPrimary = settings.settings.clipboard.alsoPrimary
        // LIVETEXT_OPENER, when set, wins over the settings' opener, as for the CLI.
        // The settings' templates: what they open is allowed as the planner offered it.
        return ActionPerformer.fromEnvironment(opener: settings.settings.actions.opener,
                                               templates: interpreter.current.planner.templates,
                                               copy: { try desktop.copySynchronously($0, alsoPrimary: alsoPrimary) })
    }
}

/// Questions a client asks of a finished analysis.
enum AnalysisQueries {
    /// Words whose centre lies in `rect`, a line per line of text, in reading order.
    static func text(in rect: Bounds, of analysis: ImageAnalysis) -> String {
        var lines: [String] = []
        for block in analysis.blocks {
            for line in block.lines {
                let words = line.words.filter { rect.contains(x: $0.bounds.x + $0.bounds.width / 2, y: $0.bounds.y + $0.bounds.height / 2) }
                if !words.isEmpty { lines.append(words.map(\.text).joined(separator: " ")) }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The item with a line rectangle under the point (the smallest, when they nest): an item
    /// over two lines is not found between or beside them.
    static func item(at x: Int, _ y: Int, of analysis: ImageAnalysis) -> DetectedItem? {
        // Inside the item's quads: a tilted item's boxes hold the words above and below it too.
        analysis.items.filter { $0.lineShapes.contains { $0.contains(x: Double(x) + 0.5, y: Double(y) + 0.5) } }
            .min { ($0.bounds?.width ?? 0) * ($0.bounds?.height ?? 0) < ($1.bounds?.width ?? 0) * ($1.bounds?.height ?? 0) }
    }

    /// What `Copy(what)` would put on the clipboard: the text, or an action's target.
    static func copyTarget(_ what: String, in analysis: ImageAnalysis) -> String? {
        if what == "text" { return analysis.text }
        return analysis.actions.first { $0.id == what }?.target
    }
}

extension ActionPerformer {
    /// Performs action `id` of `analysis` off the cooperative pool: openers are processes waited
    /// for, not behind OCR. Returns what was done, for a log.
    @discardableResult
    func performWaiting(_ id: String, in analysis: (actions: [QuickAction], items: [DetectedItem], text: String))
        async throws -> String {
        try await BlockingWork.run(.waiting) { [self] in
            try perform(id, actions: analysis.actions, items: analysis.items, text: analysis.text)
        }
    }

    @discardableResult
    func performWaiting(_ id: String, in analysis: ImageAnalysis) async throws -> String {
        try await performWaiting(id, in: (analysis.actions, analysis.items, analysis.text))
    }
}
