#if canImport(Glibc)
import Glibc
#endif
import DBusKit
import Foundation
import LiveTextCore
import PipeWireKit
import Synchronization

/// GNOME's screen through mutter's own screen cast (`org.gnome.Mutter.ScreenCast`, what the
/// ScreenCast portal and GNOME's remote desktop are built on): a session recording the whole
/// layout is started, its first frame taken from PipeWire in memory, and the session stopped. A
/// frame in 60–100 ms where the Screenshot portal takes about 300 (gnome-shell writes a PNG that is
/// read back).
///
/// Mutter asks nobody, so this grabber asks for the user's word first, every time: it is used
/// only where the permission store says host programs may take screenshots without a dialog (what
/// `livetext desktop --allow-screenshots` and GNOME's Settings store); without that yes, or when
/// the store cannot be read, it refuses and the Screenshot portal, which asks the user, is the one
/// used. GNOME's screen-sharing indicator shows while the frame is taken.
public final class MutterScreenCast: ScreenGrabber {
    static let busName = "org.gnome.Mutter.ScreenCast"
    static let path: DBusObjectPath = "/org/gnome/Mutter/ScreenCast"
    static let sessionInterface = "org.gnome.Mutter.ScreenCast.Session"
    static let streamInterface = "org.gnome.Mutter.ScreenCast.Stream"
    /// The longest a capture waits here before the next grabber is asked.
    static let ownDeadline: Duration = .seconds(3)
    /// How long a screen cast that sent no frame (PipeWire without its session manager) is not tried again.
    static let restAfterFailure: Duration = .seconds(600)

    public let spokenName = "mutter's ScreenCast (through PipeWire)"
    private let bus: SessionBus
    private let environment: [String: String]
    /// Until when a failed screen cast is left out, and why it failed.
    private let resting = Mutex<(until: ContinuousClock.Instant, why: String)?>(nil)
    /// The next capture's session, made after the last one (a daemon's captures follow each other).
    private let prepared = Mutex<PreparedSession?>(nil)

    /// `busAddress`: the session bus mutter is on (nil: the process's own); `environment`: where
    /// libpipewire finds the session's PipeWire (`XDG_RUNTIME_DIR`, `PIPEWIRE_REMOTE`).
    public init(busAddress: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        bus = SessionBus(address: busAddress)
        self.environment = environment
    }

    public func unavailableReason() -> String? {
        if let why = restingReason() { return why }
        if case .failure(let why) = Self.pipeWireSocket(environment) { return why.message }
        let bus = self.bus
        let asked = BlockingCall.result(within: .seconds(3)) { () async throws -> String? in
            guard try await bus.isOwned(Self.busName) else { return "mutter's ScreenCast is not on the session bus" }
            guard try await PermissionStore.screenshots(on: try await bus.connection()) == .yes else { return Self.notAllowed }
            return nil
        }
        switch asked {
        case nil: return "the session bus at \(bus.spokenAddress) did not answer within 3 s"
        case .success(let why): return why
        case .failure(let error): return (error as? LiveTextError)?.message ?? "\(error)"
        }
    }

    public func grabScreen(within deadline: Duration) throws -> PixelImage {
        if let why = restingReason() { throw LiveTextError(.unavailable, why) }
        let socket = try Self.pipeWireSocket(environment).get()
        let clock = ContinuousClock()
        let end = clock.now + min(deadline, Self.ownDeadline)
        let bus = self.bus
        let ready = prepared.withLock { kept in
            defer { kept = nil }
            return kept
        }
        let started = try BlockingCall.run(within: end - clock.now, onDeadline: { Self.silent }) {
            try await Self.start(on: bus, prepared: ready)
        }
        defer { Self.stop(started.session, on: bus) }
        let image: PixelImage
        do {
            let stream = try ScreenCastStream(node: started.node, socket: socket)
            // Disconnecting takes a round trip or two: after the caller has its frame.
            defer { DispatchQueue.global(qos: .utility).async { withExtendedLifetime(stream) {} } }
            image = try stream.frame(within: max(end - clock.now, .milliseconds(1))).image
        } catch let error as LiveTextError {
            // Not the user's word but the session's plumbing: not tried again for a while.
            resting.withLock { $0 = (clock.now + Self.restAfterFailure, error.message) }
            throw error
        }
        prepareNext(for: started.layout)
        return image
    }

    /// A session made and its area recorded but not started, for the next capture: GNOME shows
    /// nothing for it (its screen-sharing pill comes with `Start`), and the next capture only
    /// starts it, two round trips to gnome-shell sooner.
    struct PreparedSession: Sendable {
        let session: DBusObjectPath
        let stream: DBusObjectPath
        let layout: MutterDisplayLayout
        let connection: DBusConnection
    }

    /// The session prepared for the next capture, if one is ready.
    var preparedSession: DBusObjectPath? { prepared.withLock { $0?.session } }

    /// Prepares the next capture's session in the background (one is kept at most).
    private func prepareNext(for layout: MutterDisplayLayout) {
        let bus = self.bus
        Task { [weak self] in
            guard let connection = try? await bus.connection(),
                  let made = try? await Self.record(layout, on: connection, bus: bus) else { return }
            let ready = PreparedSession(session: made.session, stream: made.stream, layout: layout, connection: connection)
            guard let self else { return Self.stop(ready.session, on: bus) }
            let unwanted = self.prepared.withLock { kept -> PreparedSession? in
                guard kept == nil else { return ready }
                kept = ready
                return nil
            }
            if let unwanted { Self.stop(unwanted.session, on: bus) }
        }
    }

    /// The session started and its stream's PipeWire node, once the user's word is checked: the
    /// prepared one where it is on this connection and the monitors have not changed since, else
    /// a new one.
    private static func start(on bus: SessionBus, prepared: PreparedSession?) async throws
        -> (session: DBusObjectPath, node: UInt32, layout: MutterDisplayLayout) {
        let connection = try await bus.connection()
        do {
            if let ready = prepared, ready.connection === connection {
                guard try await PermissionStore.screenshots(on: connection) == .yes else {
                    stop(ready.session, on: bus)
                    throw LiveTextError(.accessDenied, notAllowed)
                }
                // The layout asked while the session starts: a change since it was prepared is rare.
                async let current = MutterDisplayLayout.current(on: connection)
                let node = try? await begin(ready.session, stream: ready.stream, on: connection)
                let layout = try await current
                if let node, layout == ready.layout { return (ready.session, node, layout) }
                stop(ready.session, on: bus)
                return try await fresh(layout, on: connection, bus: bus)
            }
            if let ready = prepared { stop(ready.session, on: bus) }
            // Both asked at once: one round trip less before the frame.
            async let allowed = PermissionStore.screenshots(on: connection)
            async let layout = MutterDisplayLayout.current(on: connection)
            guard try await allowed == .yes else { throw LiveTextError(.accessDenied, notAllowed) }
            return try await fresh(try await layout, on: connection, bus: bus)
        } catch let error as DBusError {
            bus.forget(connection, after: error)
            throw LiveTextError(.unavailable, "mutter's ScreenCast failed: \(error.name): \(error.message)")
        }
    }

    /// A new session over `layout`, started.
    private static func fresh(_ layout: MutterDisplayLayout, on connection: DBusConnection, bus: SessionBus) async throws
        -> (session: DBusObjectPath, node: UInt32, layout: MutterDisplayLayout) {
        let made = try await record(layout, on: connection, bus: bus)
        do {
            return (made.session, try await begin(made.session, stream: made.stream, on: connection), layout)
        } catch {
            stop(made.session, on: bus)
            throw error
        }
    }

    /// A session recording `layout`, the whole of it, without the pointer over the text; not started.
    private static func record(_ layout: MutterDisplayLayout, on connection: DBusConnection, bus: SessionBus) async throws
        -> (session: DBusObjectPath, stream: DBusObjectPath) {
        let created = try await connection.call(destination: busName, path: path, interface: busName, member: "CreateSession",
                                                arguments: [.vardict([:])], timeout: .seconds(2))
        guard let session = created.first?.objectPath else {
            throw LiveTextError(.failed, "mutter's ScreenCast answered CreateSession without a session")
        }
        do {
            let recorded = try await connection.call(
                destination: busName, path: session, interface: sessionInterface, member: "RecordArea",
                arguments: [.int32(Int32(layout.x)), .int32(Int32(layout.y)), .int32(Int32(layout.width)),
                            .int32(Int32(layout.height)), .vardict(["cursor-mode": .variant(.uint32(0))])],
                timeout: .seconds(2))
            guard let stream = recorded.first?.objectPath else {
                throw LiveTextError(.failed, "mutter's ScreenCast answered RecordArea without a stream")
            }
            return (session, stream)
        } catch {
            stop(session, on: bus)
            throw error
        }
    }

    /// Starts `session` and waits for its stream's PipeWire node.
    private static func begin(_ session: DBusObjectPath, stream: DBusObjectPath, on connection: DBusConnection) async throws
        -> UInt32 {
        let added = try await connection.signals(matching: DBusMatchRule(interface: streamInterface,
                                                                         member: "PipeWireStreamAdded", path: stream))
        _ = try await connection.call(destination: busName, path: session, interface: sessionInterface, member: "Start",
                                      timeout: .seconds(2))
        for await signal in added {
            if let node = signal.arguments.first?.uint32 { return node }
        }
        try Task.checkCancellation()
        throw LiveTextError(.unavailable, "mutter's screen cast ended before it named its PipeWire stream")
    }

    /// Stops `session` without waiting for the answer (mutter stops it anyway when the connection closes).
    private static func stop(_ session: DBusObjectPath, on bus: SessionBus) {
        Task {
            guard let connection = try? await bus.connection() else { return }
            _ = try? await connection.call(destination: busName, path: session, interface: sessionInterface, member: "Stop",
                                           timeout: .seconds(2))
        }
    }

    private func restingReason() -> String? {
        resting.withLock { rest in
            guard let current = rest else { return nil }
            guard ContinuousClock.now < current.until else {
                rest = nil
                return nil
            }
            return "mutter's screen cast failed a moment ago (\(current.why))"
        }
    }

    /// The session's PipeWire socket, where libpipewire looks for it in `environment`
    /// (`PIPEWIRE_REMOTE`, `PIPEWIRE_RUNTIME_DIR`, `XDG_RUNTIME_DIR`), or why there is none.
    public static func pipeWireSocket(_ environment: [String: String]) -> Result<String, LiveTextError> {
        let remote = environment["PIPEWIRE_REMOTE"].flatMap { $0.isEmpty ? nil : $0 } ?? "pipewire-0"
        let socket: String
        if remote.hasPrefix("/") {
            socket = remote
        } else if let directory = environment["PIPEWIRE_RUNTIME_DIR"] ?? environment["XDG_RUNTIME_DIR"], !directory.isEmpty {
            socket = directory + "/" + remote
        } else {
            return .failure(LiveTextError(.unavailable, "PipeWire cannot be found: XDG_RUNTIME_DIR is not set"))
        }
        guard access(socket, F_OK) == 0 else {
            return .failure(LiveTextError(.unavailable, "PipeWire is not running for this session (no \(socket)): start it "
                                          + "and its session manager (systemctl --user start pipewire wireplumber)"))
        }
        return .success(socket)
    }

    static let notAllowed = "programs may not take screenshots without asking (the permission store has no yes): "
        + ScreenshotPortal.howToAllow

    private static let silent = LiveTextError(.unavailable, "mutter's ScreenCast did not start within \(ownDeadline.components.seconds) s")
}
