import DBusKit
import Foundation
import LiveTextCore
import LiveTextDesktop
import LiveTextEngines
import LiveTextService

/// The CLI as a client of `livetextd`: the daemon's warm engines, the same output.
///
/// A daemon that is there but sick must not hold the CLI: it must answer `Peer.Ping` within
/// `pingTimeout` to be used at all, answer it every `pingInterval` while it works, and finish within a
/// deadline scaled to the image (`ReplyDeadline`). Otherwise the answer is `.lost` and the caller
/// works in-process.
struct DaemonClient: Sendable {
    let bus: DBusConnection
    /// The daemon's unique name: pings go there, so a daemon that died is not activated again by them.
    let daemon: String

    /// A running daemon answers a ping within this, or counts as absent.
    static let pingTimeout: Duration = .seconds(1)
    /// The bus must take the connection within this (it takes milliseconds).
    static let connectTimeout: Duration = .seconds(2)
    /// A daemon the bus has to start first gets this long to answer.
    static let activationTimeout: Duration = .seconds(5)
    /// While a call waits, the daemon is pinged this often; more than `allowedMisses` pings unanswered
    /// in a row (about 3 s of silence) lose it.
    static let pingInterval: Duration = .seconds(1)
    static let allowedMisses = 2

    /// Why the daemon is not used; said once on stderr, then the work runs in-process.
    struct Absence: Error {
        let reason: String
    }

    /// What the daemon made of a request.
    enum Answer: Sendable {
        /// Its result or its error, as the in-process run would give them.
        case answered(Result<ImageAnalysis, LiveTextError>)
        /// It stopped answering, took too long, or the bus went away: `reason` says which.
        case lost(reason: String)
    }

    /// A client when the session bus has `org.livetext` running or activatable, and it answers.
    static func connect() async -> Result<DaemonClient, Absence> {
        guard let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            return .failure(Absence(reason: "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"))
        }
        let bus: DBusConnection
        do {
            bus = try await DBusConnection.connect(address: address, within: connectTimeout)
        } catch {
            return .failure(Absence(reason: "cannot connect to the session bus (\(describe(error)))"))
        }
        let running = await busCall(bus, "NameHasOwner", [.string(ServiceNames.busName)])?.first?.bool == true
        if !running {
            let activatable = await busCall(bus, "ListActivatableNames", [])?.first?.stringArray ?? []
            guard activatable.contains(ServiceNames.busName) else {
                bus.close()
                return .failure(Absence(reason: "no livetext daemon on the session bus"))
            }
        }
        // A stopped or wedged daemon keeps its name and answers nothing; one started now must come up.
        do {
            _ = try await bus.call(destination: ServiceNames.busName, path: ServiceNames.root,
                                   interface: "org.freedesktop.DBus.Peer", member: "Ping",
                                   timeout: running ? pingTimeout : activationTimeout)
        } catch {
            bus.close()
            return .failure(Absence(reason: running
                ? "the livetext daemon did not answer within \(pingTimeout.secondsText)"
                : "the livetext daemon could not be started (\(Self.describe(error)))"))
        }
        guard let owner = await busCall(bus, "GetNameOwner", [.string(ServiceNames.busName)])?.first?.string else {
            bus.close()
            return .failure(Absence(reason: "the livetext daemon left the bus"))
        }
        return .success(DaemonClient(bus: bus, daemon: owner))
    }

    /// The client, or nil after saying once on stderr why not and that the work is `doing` in this
    /// process ("analyzing", "working").
    static func reachable(doing: String) async -> DaemonClient? {
        switch await connect() {
        case .success(let client):
            return client
        case .failure(let absence):
            Diagnostics.note("\(absence.reason); \(doing) in this process")
            return nil
        }
    }

    private static func busCall(_ bus: DBusConnection, _ member: String, _ arguments: [DBusValue]) async -> [DBusValue]? {
        try? await bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                            interface: "org.freedesktop.DBus", member: member, arguments: arguments,
                            timeout: .seconds(5))
    }

    /// Analyzes a file (`-`: stdin) on the daemon, waits, and reads back the analysis.
    func analyze(_ file: String, options: AnalysisRequestOptions, perform: String?) async -> Answer {
        let options = options.withCallerDisplay().encode()
        return await answer(name: file) {
            // A stream is read here (the daemon reads only files): stdin, or a FIFO such as `<(maim -s)`.
            if file == "-" || (try? ImageInput.kind(ofPath: file)) == .pipe {
                let data = try file == "-" ? StandardInputOnce.data() : ImageInput().read(path: file)
                return try await analysis("AnalyzeImage", [.bytes([UInt8](data)), .vardict(options)],
                                          deadline: ReplyDeadline.forImage(data), perform: perform)
            }
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            return try await analysis("AnalyzeFile", [.string(path), .vardict(options)],
                                      deadline: ReplyDeadline.forFile(path), perform: perform)
        }
    }

    /// Captures on the daemon's display (an interactive selection waits for the user).
    func capture(_ request: CaptureRequest, options: AnalysisRequestOptions, perform: String?) async -> Answer {
        var options = options
        options.capture = request
        let encoded = options.withCallerDisplay().encode()
        var pixels: Int?
        if case .region(let r) = request {
            let (product, overflow) = r.width.multipliedReportingOverflow(by: r.height)
            pixels = overflow ? .max : product
        }
        // The user takes the time a selection takes: only the pings can tell the daemon is gone.
        let deadline = request.waitsForUser ? nil : ReplyDeadline.forPixels(pixels)
        return await answer(name: "capture") {
            try await analysis("CaptureScreen", [.vardict(encoded)], deadline: deadline, perform: perform)
        }
    }

    /// Runs the settings' hotkey `name` on the daemon, as if pressed, in this caller's session
    /// (its Wayland socket or X display); false when the daemon ignored it (a live surface is up).
    func pressHotkey(_ name: String) async throws -> Bool {
        do {
            let options = AnalysisRequestOptions().withCallerDisplay().encode()
            let reply = try await bus.call(destination: ServiceNames.busName, path: ServiceNames.root,
                                           interface: ServiceNames.analyzer, member: "PressHotkey",
                                           arguments: [.string(name), .vardict(options)], timeout: .seconds(10))
            return reply.first?.bool ?? false
        } catch let error as DBusError {
            throw Self.localError(error, file: name)
        }
    }

    /// Analyzes the clipboard's image on the daemon.
    func clipboard(options: AnalysisRequestOptions, perform: String?) async -> Answer {
        await answer(name: "clipboard") {
            try await analysis("AnalyzeClipboard", [.vardict(options.withCallerDisplay().encode())],
                               deadline: ReplyDeadline.forPixels(nil),
                               perform: perform)
        }
    }

    private func answer(name: String, _ body: () async throws -> ImageAnalysis) async -> Answer {
        do {
            return .answered(.success(try await body()))
        } catch let error as LiveTextError {
            return .answered(.failure(error))
        } catch let lost as Lost {
            return .lost(reason: lost.reason)
        } catch let error as DBusError where Self.losingErrors[error.name] != nil {
            return .lost(reason: "\(Self.losingErrors[error.name]!) (\(error.message))")
        } catch let error as DBusError {
            return .answered(.failure(Self.localError(error, file: name)))
        } catch {
            return .answered(.failure(LiveTextError(.failed, "\(name): \(error)")))
        }
    }

    /// Replies that say the daemon or the bus is gone, not that the request was wrong, and what they mean.
    private static let losingErrors: [String: String] = [
        DBusError.Name.noReply: "the livetext daemon left without an answer",
        DBusError.Name.timeout: "the livetext daemon left without an answer",
        DBusError.Name.disconnected: "the session bus went away",
        DBusError.Name.serviceUnknown: "the livetext daemon left the bus",
        "org.freedesktop.DBus.Error.NameHasNoOwner": "the livetext daemon left the bus",
        DBusError.Name.unknownObject: "the livetext daemon lost the analysis (restarted?)",
        "org.freedesktop.DBus.Error.LimitsExceeded": "the livetext daemon takes no more work now",
    ]

    /// Starts an analysis with `member`, waits for it, reads it back and releases it.
    private func analysis(_ member: String, _ arguments: [DBusValue], deadline: Duration?,
                          perform: String?) async throws -> ImageAnalysis {
        let reply = try await watched {
            try await bus.call(destination: ServiceNames.busName, path: ServiceNames.root,
                               interface: ServiceNames.analyzer, member: member, arguments: arguments)
        }
        guard let object = reply.first?.objectPath else { throw LiveTextError(.failed, "the daemon sent no analysis") }
        defer { Task { [bus] in _ = try? await Self.call(bus, object, "Release", []) } }
        let waiting = ContinuousClock.now
        do {
            _ = try await watched { [bus] in
                try await Self.call(bus, object, "Wait", [], timeout: deadline ?? .seconds(24 * 3600))
            }
        } catch let error as DBusError where error.name == DBusError.Name.noReply {
            // libdbus says NoReply both when the time is up and when the daemon left without replying.
            guard let deadline, ContinuousClock.now - waiting >= deadline - .seconds(1) else { throw error }
            throw Lost(reason: "the livetext daemon gave no result within \(deadline.secondsText)")
        }
        let json = try await watched { [bus] in
            try await bus.call(destination: ServiceNames.busName, path: object,
                               interface: "org.freedesktop.DBus.Properties", member: "Get",
                               arguments: [.string(ServiceNames.analysis), .string("Json")])
        }
        guard let text = json.first?.unwrapped.string,
              let analysis = try? JSONDecoder().decode(ImageAnalysis.self, from: Data(text.utf8)) else {
            throw LiveTextError(.failed, "the daemon's analysis could not be read")
        }
        if let perform { _ = try await watched { [bus] in try await Self.call(bus, object, "PerformAction", [.string(perform)]) } }
        return analysis
    }

    private static func call(_ bus: DBusConnection, _ object: DBusObjectPath, _ member: String, _ arguments: [DBusValue],
                             timeout: Duration = DBusConnection.defaultTimeout) async throws -> [DBusValue] {
        try await bus.call(destination: ServiceNames.busName, path: object, interface: ServiceNames.analysis,
                           member: member, arguments: arguments, timeout: timeout)
    }

    // MARK: Watching the daemon

    /// The daemon stopped answering while a call waited.
    private struct Lost: Error {
        let reason: String
    }

    /// Runs `call` while pinging the daemon every `pingInterval`: when `allowedMisses` pings in a row go
    /// unanswered (a stopped or wedged daemon), the call is cancelled and `Lost` thrown.
    private func watched(_ call: @escaping @Sendable () async throws -> [DBusValue]) async throws -> [DBusValue] {
        try await withThrowingTaskGroup(of: [DBusValue]?.self) { group in
            group.addTask { try await call() }
            group.addTask {
                try await watchLiveness()
                return nil
            }
            defer { group.cancelAll() }
            while let finished = try await group.next() {
                if let finished { return finished }
            }
            throw CancellationError()
        }
    }

    /// Returns never; throws `Lost` when the daemon stops answering pings, or when cancelled. After a
    /// ping that went unanswered the next goes at once: `allowedMisses + 1` in a row lose the daemon.
    private func watchLiveness() async throws {
        var silentSince: ContinuousClock.Instant?
        var missed = 0
        while true {
            if silentSince == nil { try await Task.sleep(for: Self.pingInterval) }
            let sent = ContinuousClock.now
            do {
                _ = try await bus.call(destination: daemon, path: ServiceNames.root, interface: "org.freedesktop.DBus.Peer",
                                       member: "Ping", timeout: Self.pingTimeout)
                silentSince = nil
                missed = 0
            } catch let error as DBusError where error.name == DBusError.Name.noReply {
                if silentSince == nil { silentSince = sent }
                missed += 1
                if missed > Self.allowedMisses, let silentSince {
                    throw Lost(reason: "the livetext daemon stopped answering (silent for \((ContinuousClock.now - silentSince).secondsText))")
                }
            } catch let error as DBusError {
                throw Lost(reason: "the livetext daemon is gone (\(error.message))")
            }
        }
    }

    private static func describe(_ error: any Error) -> String {
        (error as? DBusError)?.message ?? "\(error)"
    }

    /// `org.livetext.Error.NotFound` → the same error (and exit code) the in-process run gives.
    static func localError(_ error: DBusError, file: String) -> LiveTextError {
        if let code = LiveTextError.Code(dbusName: error.name) { return LiveTextError(code, error.message) }
        return LiveTextError(.failed, "\(file): the daemon answered \(error.description)")
    }
}

extension CaptureRequest {
    /// Whether the capture waits for the user (a selection, a click on a window).
    var waitsForUser: Bool {
        switch self {
        case .select, .pickWindow: true
        default: false
        }
    }
}

extension Duration {
    /// `25 s`, `1.5 s`: for messages.
    var secondsText: String {
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
    }
}

extension AnalysisRequestOptions {
    /// With this process's session, which the daemon serves this request on (it may have been
    /// started by the bus without one, or in another session): X11's `DISPLAY` (and `XAUTHORITY`
    /// when set); on Wayland, the compositor's socket as a path, with its Xwayland's `DISPLAY`.
    /// `LIVETEXT_BACKEND` chooses as it does in process.
    func withCallerDisplay(environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        var options = self
        let session = try? DisplaySession.choose(environment: environment)
        switch session {
        case .wayland(let socket, _, let xwayland)?:
            options.waylandDisplay = session?.waylandSocketPath ?? socket
            options.display = xwayland
            // A desktop's hotkey binding may start `livetext hotkey` with one: the surface the
            // daemon shows for it gets the focus.
            if let token = environment["XDG_ACTIVATION_TOKEN"], !token.isEmpty { options.activationToken = token }
        default:
            if let display = environment["DISPLAY"], !display.isEmpty {
                options.display = display
                if let file = environment["XAUTHORITY"], file.hasPrefix("/") { options.xauthority = file }
            }
        }
        return options
    }
}
