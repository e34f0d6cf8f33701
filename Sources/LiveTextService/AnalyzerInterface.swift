import DBusKit
import Foundation
import LiveTextCore
import LiveTextDesktop
import LiveTextEngines

extension LiveTextService {
    /// `org.livetext.Analyzer1`: requests in, analysis objects out.
    func analyzerInterface() -> DBusInterface {
        let options = DBusArgument("options", "a{sv}")
        let analysis = DBusArgument("analysis", "o")
        return DBusInterface(ServiceNames.analyzer, doc: """
            Analyzes images for text, machine-readable codes and data detectors. Each request returns \
            an org.livetext.Analysis1 object at once; the work runs in the background (Analyze replies with the \
            result instead). Options: types \
            (as: text, codes, detectors), languages (as: tesseract names), only (as: item types), copy (b: put \
            the result on the clipboard when it is done; the daemon keeps serving it), primary (b: with copy, \
            PRIMARY too), notify (b: show a desktop notification with the quick actions and a preview), \
            interaction (as: with notify or live, this call's interaction types instead of \
            PreferredInteractionTypes), \
            replace (b: cancel this caller's analyses still running), display and xauthority (s: the X display \
            this request alone works on, and its cookie file; from programs outside a sandbox only, a local \
            display only unless [access] remote_displays). Unknown keys are ignored. A sandboxed \
            caller (Flatpak, snap), or one that cannot be identified, needs the user's consent, asked in a \
            notification (Allow Once, Always Allow, Deny; the last two kept in the settings' [access]), to have \
            a file read by path, the screen captured, the clipboard read or written, something opened or the \
            settings changed (AnalyzeFile, CaptureScreen, AnalyzeClipboard, Analyze, copy, Analysis1.Copy, \
            Analysis1.PerformAction, Interaction1's properties): AccessDenied otherwise. Images, fds and text \
            it sends itself need none.
            """,
            methods: [
                DBusMethod("AnalyzeFile", inputs: [DBusArgument("path", "s"), options], outputs: [analysis],
                           doc: """
                           Analyzes the image file at an absolute path, read with the daemon's permissions. Only \
                           files: a FIFO or device is refused (InvalidArgs, InvalidImage); send a stream as an fd. \
                           A relative path, a missing (NotFound) or unreadable (AccessDenied) file is this call's error.
                           """) { call in
                    try await replying {
                        let request = try self.options(call[1])
                        let record = try await self.startRecord(.file(call[0].string ?? ""), owner: call.sender,
                                                                options: request)
                        return [.objectPath(record.path)]
                    }
                },
                DBusMethod("AnalyzeImage", inputs: [DBusArgument("encoded", "ay"), options], outputs: [analysis],
                           doc: "Analyzes an encoded image (PNG, JPEG, ...) sent in the call; D-Bus caps arrays at 64 MiB.") { call in
                    try await replying {
                        let bytes = call[0].bytes ?? []
                        let request = try self.options(call[1])
                        let decoder = self.countedDecoder
                        return [try await self.startAnalysis(owner: call.sender, options: request, describing: "bytes",
                                                             inputBytes: bytes.count) { _ in
                            AcquiredImage(image: try await decoder.decode(Data(bytes)), source: "bytes")
                        }]
                    }
                },
                DBusMethod("AnalyzeImageFd", inputs: [DBusArgument("fd", "h"), options], outputs: [analysis],
                           doc: """
                           Analyzes an encoded image read from a file, memfd, pipe or socket: files from their \
                           start, streams until the writer closes its end, within limits.read_timeout_seconds \
                           (InvalidImage after) and the bytes an image within max_pixels can take (TooLarge). \
                           Cancel, Release or leaving the bus stops the read. Terminals, devices and other kinds \
                           of fd are refused (InvalidArgs).
                           """) { call in
                    try await replying {
                        let fd = try Self.descriptor(call[0])
                        let request = try self.options(call[1])
                        let input = self.imageInput, timeout = self.readTimeout, decoder = self.countedDecoder
                        let limits = self.requestLimits, settings = self.settings
                        return [try await self.startAnalysis(owner: call.sender, options: request, describing: "fd") { _ in
                            defer { fd.close() }
                            guard let raw = fd.rawValue else { throw LiveTextError(.invalidArgs, "the fd is closed") }
                            // What a stream delivers counts against the bytes in flight as it comes.
                            let data = try await limits.countingStream(limits: { settings.settings.limits }) { progress in
                                try await input.read(descriptor: raw, name: "fd", timeout: timeout, progress: progress)
                            }
                            return AcquiredImage(image: try await decoder.decode(data), source: "fd")
                        }]
                    }
                },
                DBusMethod("AnalyzePixels", inputs: [DBusArgument("fd", "h"), DBusArgument("width", "u"),
                                                     DBusArgument("height", "u"), DBusArgument("stride", "u"),
                                                     DBusArgument("format", "s"), options], outputs: [analysis],
                           doc: """
                           Analyzes raw pixels in a memfd: width × height pixels, stride bytes a row, format one of \
                           RGBA8, BGRA8, RGBX8, BGRX8, ARGB8, XRGB8, RGB8, BGR8, GRAY8. Nothing is encoded or copied \
                           through the bus. A memfd sealed with F_SEAL_SHRINK and F_SEAL_WRITE is mapped; any \
                           other is copied first (InvalidArgs if it shrinks meanwhile).
                           """) { call in
                    try await replying {
                        let fd = try Self.descriptor(call[0])
                        defer { fd.close() }
                        guard let raw = fd.rawValue else { throw LiveTextError(.invalidArgs, "the fd is closed") }
                        // Checked and copied before the reply: the caller may reuse its buffer after.
                        let (width, height, stride) = (call[1].uint32 ?? 0, call[2].uint32 ?? 0, call[3].uint32 ?? 0)
                        let format = call[4].string ?? "", maxPixels = self.maxPixels
                        let image = try await BlockingWork.run {
                            try DescriptorInput.pixels(fd: raw, width: width, height: height, stride: stride,
                                                       format: format, maxPixels: maxPixels)
                        }
                        let request = try self.options(call[5])
                        return [try await self.startAnalysis(owner: call.sender, options: request, source: "pixels",
                                                             inputBytes: image.bytesPerRow * image.height) {
                            image
                        }]
                    }
                },
                DBusMethod("CaptureScreen", inputs: [options], outputs: [analysis],
                           doc: """
                           Captures and analyzes the whole screen, or: region (iiuu: x, y, width, height in screen \
                           pixels), window (t: an X window id), monitor (u: by index), interactive (b: the user drags \
                           a rectangle over the frozen screen; Esc cancels), pick_window (b: the user clicks a window). \
                           A newer capture cancels this caller's captures still running. Unavailable without a display. \
                           live (b): the target (the screen, a region, window or monitor; not interactive or \
                           pick_window) freezes under the live surface of livetext live, on the daemon's display: its \
                           text selectable where it stands, copied by the daemon (Ctrl+C, Enter; primary too), items' \
                           actions carried out by it; the object is returned at once and fills in as lines are read \
                           (PropertiesChanged to the caller), pending until the user closes the surface (Esc). The \
                           surface outlives the caller; Cancel or Release closes it. A second live surface while one is \
                           up is Unavailable; copy, notify and the interaction type none are InvalidArgs with live. \
                           accessibility (b): take the text applications publish on the accessibility bus where it is \
                           drawn (X11: by their windows; Wayland: where at least two of its lines agree with the OCR \
                           on their window's place; with live, live at once; absent: the setting \
                           analysis.accessibility, on).
                           """) { call in
                    try await replying {
                        let request = try self.options(call[0], capturing: true)
                        let target = request.capture ?? .screen
                        let record = request.live
                            ? try await self.startLive(target, owner: call.sender, options: request)
                            : try await self.startRecord(.capture(target), owner: call.sender, options: request)
                        return [.objectPath(record.path)]
                    }
                },
                DBusMethod("AnalyzeClipboard", inputs: [options], outputs: [analysis],
                           doc: "Analyzes the image on the CLIPBOARD selection (NotFound when it holds none).") { call in
                    try await replying {
                        let request = try self.options(call[0])
                        let record = try await self.startRecord(.clipboard, owner: call.sender, options: request)
                        return [.objectPath(record.path)]
                    }
                },
                analyzeMethod(options: options),
                DBusMethod("PressHotkey", inputs: [DBusArgument("name", "s"), options], outputs: [DBusArgument("started", "b")],
                           doc: "Runs the settings' hotkey NAME as if its keys were pressed (a Wayland compositor's binding calls it), on the session the options display, xauthority, wayland_display name, a live surface focused with activation_token (others are ignored); false while a live surface is up.") { call in
                    try await replying {
                        let name = call[0].string ?? ""
                        let hotkey = try self.settings.settings.hotkey(named: name)
                        let options = try self.options(call[1])
                        let desktop = try self.desktop(for: options)
                        return [.bool(self.press(name, hotkey, on: desktop, activationToken: options.activationToken))]
                    }
                },
                DBusMethod("Detect", inputs: [DBusArgument("text", "s"), options],
                           outputs: [DBusArgument("items", "aa{sv}")],
                           doc: "Runs the data detectors on text; offsets count Unicode scalars. Text longer than the max_text_bytes setting (256 KiB) is TooLarge.") { call in
                    try await replying {
                        let text = call[0].string ?? ""
                        let request = try self.options(call[1])
                        let limits = self.settings.settings.limits
                        guard text.utf8.count <= limits.maxTextBytes else {
                            throw LiveTextError(.tooLarge, "the text is \(text.utf8.count) bytes, over the limit of "
                                                + "\(limits.maxTextBytes) (limits.max_text_bytes)")
                        }
                        let client = await self.clients.client(of: call.sender)
                        let ticket = try await self.requestLimits.admit(client: client, bytes: text.utf8.count,
                                                                        isDetect: true, limits: limits)
                        let interpreter = self.interpreter.current
                        let detector = interpreter.detector, context = interpreter.context
                        // Reading text is CPU work: a few at a time, clients taking turns, off the
                        // threads that answer every other call meanwhile.
                        // The items are turned into D-Bus values there too: for a long text that is
                        // work like the detecting.
                        let items = try await self.requestLimits.holding(ticket) {
                            try await self.detections.run(client: client) {
                                DBusValue.vardicts(detector.detect(in: text, only: request.only, context: context)
                                    .map(DBusEncoding.item))
                            }
                        }
                        return [items]
                    }
                },
            ],
            properties: [
                DBusProperty("Version", type: "u", emitsChanged: .const, doc: "The interface revision.") {
                    .uint32(ServiceNames.version)
                },
                DBusProperty("Languages", type: "as", emitsChanged: .false,
                             doc: "The OCR languages whose data is installed.") {
                    .strings(self.installedLanguages())
                },
                DBusProperty("Desktop", type: "s", emitsChanged: .false,
                             doc: "What the daemon can do on its session and through what, as the JSON of `livetext desktop --json`: "
                                + "{session, desktop, display, xwayland, features: [{name, available, mechanism, note}]}.") {
                    .string(await self.desktop.report(hotkeys: self.settings.settings.hotkeys).document.serialized())
                },
            ],
            signals: [
                DBusSignal("AnalysisFinished", arguments: [DBusArgument("analysis", "o"), DBusArgument("state", "s")],
                           doc: "An analysis ended: finished, failed or cancelled."),
            ])
    }

    var maxPixels: Int { settings.settings.limits.maxPixels }

    /// How long a pipe or socket may take to deliver its image; a day at most.
    var readTimeout: Duration { .seconds(min(max(settings.settings.limits.readTimeoutSeconds, 1), 86_400)) }

    /// Decoding with the settings' pixel limit.
    var imageInput: ImageInput { ImageInput(limits: ImageLimits(maxPixels: maxPixels)) }

    /// Decoding for a request, what it decodes to counted against the bytes in flight first.
    var countedDecoder: CountedDecoder {
        CountedDecoder(input: imageInput, requestLimits: requestLimits, settings: settings)
    }

    /// A request's options (`capturing`: `CaptureScreen`'s, with its target); unknown keys are
    /// ignored, and said in the log.
    func options(_ value: DBusValue, capturing: Bool = false) throws -> RequestOptions {
        let options = value.vardict ?? [:]
        let unknown = AnalysisRequestOptions.unknownKeys(in: options, capturing: capturing)
        if !unknown.isEmpty {
            // A caller's keys: a few, cut short.
            let named = unknown.prefix(8).map { "'\($0.prefix(64))'" }.joined(separator: ", ")
            log.info("ignored unknown option\(unknown.count == 1 ? "" : "s") \(named)\(unknown.count > 8 ? ", ..." : "") "
                     + "(known: \(AnalysisRequestOptions.keyList(capturing: capturing)))")
        }
        return try RequestOptions(options, defaults: defaultConfiguration, capturing: capturing)
    }

    static func descriptor(_ value: DBusValue) throws -> DBusFileDescriptor {
        guard let fd = value.fileDescriptor, fd.rawValue != nil else {
            throw LiveTextError(.invalidArgs, "no usable file descriptor")
        }
        return fd
    }

    func installedLanguages() -> [String] {
        SystemLanguages.installed()
    }
}
