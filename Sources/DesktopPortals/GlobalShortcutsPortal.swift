import DBusKit
import Foundation
import LiveTextCore

/// Global shortcuts through xdg-desktop-portal's `org.freedesktop.portal.GlobalShortcuts`: how a
/// program gets keys on KDE Plasma's Wayland session, where KWin owns the keyboard. One session
/// (token `livetext`) holds livetext's shortcuts; the desktop binds them and sends `Activated` with
/// a shortcut's id when its keys are pressed, which `activations` hands on.
///
/// xdg-desktop-portal-kde 5.27 binds the shortcuts `CreateSession` names in its `shortcuts` option
/// (its `BindShortcuts` only opens System Settings), as kglobalaccel actions of the component
/// named after the caller's app id and the session token; a shortcut it knew from before keeps the
/// keys it had, which the user may have changed. Other backends bind on `BindShortcuts`, asked
/// only for the shortcuts `CreateSession` did not bind. A session ends with the connection: the
/// desktop keeps the bindings, inactive (the keys reach the focused window), for the next start.
///
/// When the portal (or `watching`, e.g. kglobalaccel inside KWin) comes back on the bus, or the
/// portal closes the session, the shortcuts are bound again and `rebound` hears how it went.
public actor GlobalShortcutsPortal {
    /// What the desktop said it bound: a shortcut's id and its keys as the desktop writes them
    /// (nil or empty: none).
    public struct Bound: Sendable, Hashable {
        public var id: String
        public var trigger: String?
        public init(id: String, trigger: String?) {
            (self.id, self.trigger) = (id, trigger)
        }
    }

    public static let interface = "org.freedesktop.portal.GlobalShortcuts"
    static let sessionInterface = "org.freedesktop.portal.Session"
    /// The session's token: the last element of its path, and of KDE's component name.
    public static let sessionToken = "livetext"
    /// How long a portal that came back is given before the shortcuts are bound there again.
    static let settleDelay: Duration = .seconds(1)

    public nonisolated let activations: AsyncStream<String>
    private nonisolated let activated: AsyncStream<String>.Continuation
    private let bus: SessionBus
    private let watched: [String]
    private let rebound: @Sendable (Result<[Bound], any Error>) -> Void
    private var shortcuts: [GlobalShortcut] = []
    private var session: DBusObjectPath?
    private var listeners: [Task<Void, Never>] = []
    private var listening: DBusConnection?
    private var closed = false
    /// The binding under way: the next one starts when it is done.
    private var lastBind: Task<[Bound], any Error>?

    /// `busAddress`: the session bus (nil: this process's); `watching`: names besides the portal
    /// whose return means the bindings were lost; `rebound`: what binding them again did.
    public init(busAddress: String? = nil, watching: [String] = [],
                rebound: @escaping @Sendable (Result<[Bound], any Error>) -> Void = { _ in }) {
        bus = SessionBus(address: busAddress)
        watched = [PortalRequest.portalName] + watching
        self.rebound = rebound
        (activations, activated) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(8))
    }

    /// Binds `shortcuts` instead of the ones before (none: ends the session) and says what the
    /// desktop bound. Throws `unavailable` without the portal or its GlobalShortcuts, `accessDenied`
    /// when the desktop or the user refused.
    public func bind(_ shortcuts: [GlobalShortcut]) async throws -> [Bound] {
        let previous = lastBind
        let binding = Task {
            _ = await previous?.result
            return try await self.apply(shortcuts)
        }
        lastBind = binding
        return try await binding.value
    }

    private func apply(_ shortcuts: [GlobalShortcut]) async throws -> [Bound] {
        self.shortcuts = shortcuts
        guard !closed else { return [] }
        let connection = try await bus.connection()
        try await listen(on: connection)
        await endSession(on: connection)
        guard !shortcuts.isEmpty else { return [] }
        do {
            return try await createSession(on: connection)
        } catch let error as DBusError {
            bus.forget(connection, after: error)
            throw Self.refusal(error)
        }
    }

    /// Ends the session (the desktop keeps the bindings, inactive) and the activations.
    public func close() async {
        closed = true
        listeners.forEach { $0.cancel() }
        listeners = []
        if session != nil, let connection = try? await bus.connection() { await endSession(on: connection) }
        activated.finish()
        bus.close()
    }

    /// Whether the portal on the bus offers GlobalShortcuts: nil when it does, else why not.
    public func unavailableReason() async -> String? {
        do {
            let connection = try await bus.connection()
            let reply = try await connection.call(destination: PortalRequest.portalName, path: PortalRequest.portalPath,
                                                  interface: "org.freedesktop.DBus.Properties", member: "Get",
                                                  arguments: [.string(Self.interface), .string("version")], timeout: .seconds(5))
            return reply.first?.unwrapped.uint32 == nil ? "xdg-desktop-portal answered no GlobalShortcuts version" : nil
        } catch let error as DBusError {
            return Self.refusal(error).message
        } catch {
            return (error as? LiveTextError)?.message ?? "\(error)"
        }
    }

    /// kglobalaccel on the portal's bus, to ask what KDE bound.
    public func registry() async throws -> KGlobalAccel {
        KGlobalAccel(connection: try await bus.connection())
    }

    // MARK: the session

    private func createSession(on connection: DBusConnection) async throws -> [Bound] {
        let request = PortalRequest(bus: connection)
        let answer = try await request.call(interface: Self.interface, member: "CreateSession", arguments: [],
                                            options: ["session_handle_token": .string(Self.sessionToken),
                                                      "shortcuts": Self.value(shortcuts)])
        guard answer.code == 0 else { throw Self.refused(answer.code, "the global shortcuts' session") }
        guard let handle = answer.results["session_handle"]?.unwrapped,
              let path = handle.objectPath ?? handle.string.flatMap({ try? DBusObjectPath($0) }) else {
            throw LiveTextError(.failed, "xdg-desktop-portal's GlobalShortcuts answered without a session")
        }
        session = path
        var bound = Self.bound(answer.results["shortcuts"])
        let missing = shortcuts.filter { wanted in !bound.contains { $0.id == wanted.id } }
        if !missing.isEmpty {
            let binding = try await request.call(interface: Self.interface, member: "BindShortcuts",
                                                 arguments: [.objectPath(path), Self.value(shortcuts), .string("")], options: [:])
            guard binding.code == 0 else { throw Self.refused(binding.code, "the global shortcuts") }
            bound = Self.bound(binding.results["shortcuts"])
        }
        return bound
    }

    private func endSession(on connection: DBusConnection) async {
        guard let session else { return }
        self.session = nil
        _ = try? await connection.call(destination: PortalRequest.portalName, path: session, interface: Self.sessionInterface,
                                       member: "Close", timeout: .seconds(5))
    }

    /// Listens (once a connection) for `Activated`, the session's `Closed`, and the watched names
    /// coming back.
    private func listen(on connection: DBusConnection) async throws {
        guard listening !== connection else { return }
        listeners.forEach { $0.cancel() }
        listening = connection
        let presses = try await connection.signals(matching: DBusMatchRule(interface: Self.interface, member: "Activated"))
        let ends = try await connection.signals(matching: DBusMatchRule(interface: Self.sessionInterface, member: "Closed"))
        var returns: [AsyncStream<DBusIncomingSignal>] = []
        for name in watched { returns.append(try await connection.signals(matching: .nameOwnerChanged(name: name))) }
        listeners = [
            Task { [weak self] in
                for await signal in presses {
                    guard let id = signal.arguments.dropFirst().first?.string else { continue }
                    await self?.pressed(id, session: signal.arguments.first?.objectPath)
                }
            },
            Task { [weak self] in
                for await signal in ends { await self?.sessionClosed(signal.path) }
            },
        ] + returns.map { changes in
            Task { [weak self] in
                for await signal in changes where NameOwnerChange(signal)?.newOwner != nil { await self?.bindAgain() }
            }
        }
    }

    private func pressed(_ id: String, session: DBusObjectPath?) {
        guard !closed, session == self.session, shortcuts.contains(where: { $0.id == id }) else { return }
        activated.yield(id)
    }

    private func sessionClosed(_ path: DBusObjectPath) async {
        guard path == session else { return }
        session = nil
        await bindAgain()
    }

    private func bindAgain() async {
        guard !closed, !shortcuts.isEmpty else { return }
        try? await Task.sleep(for: Self.settleDelay)
        guard !closed else { return }
        let outcome: Result<[Bound], any Error>
        do { outcome = .success(try await bind(shortcuts)) } catch { outcome = .failure(error) }
        rebound(outcome)
    }

    // MARK: values and errors

    /// `a(sa{sv})`: each shortcut's id with its description and preferred trigger.
    static func value(_ shortcuts: [GlobalShortcut]) -> DBusValue {
        .array(.structure([.string, .dictionary(key: .string, value: .variant)]), shortcuts.map { shortcut in
            .structure([.string(shortcut.id), .vardict(["description": .string(shortcut.description),
                                                         "preferred_trigger": .string(shortcut.trigger)])])
        })
    }

    /// The shortcuts of a portal answer: `a(sa{sv})` with `trigger_description`.
    static func bound(_ value: DBusValue?) -> [Bound] {
        (value?.unwrapped.array ?? []).compactMap { entry in
            guard let fields = entry.fields, let id = fields.first?.string else { return nil }
            let trigger = fields.dropFirst().first?["trigger_description"]?.unwrapped.string
            return Bound(id: id, trigger: trigger?.isEmpty == false ? trigger : nil)
        }
    }

    static func refused(_ code: UInt32, _ what: String) -> LiveTextError {
        code == 1 ? LiveTextError(.accessDenied, "\(what) were refused on the screen")
            : LiveTextError(.accessDenied, "the desktop refused \(what) (the portal answered \(code))")
    }

    /// A portal error in the user's words (asking for the `version` of an interface the portal
    /// lacks is `InvalidArgs` or `UnknownProperty`).
    static func refusal(_ error: DBusError) -> LiveTextError {
        let missing = ["org.freedesktop.DBus.Error.InvalidArgs", "org.freedesktop.DBus.Error.UnknownProperty"].contains(error.name)
        return PortalRequest.refusal(missing ? DBusError(name: "org.freedesktop.DBus.Error.UnknownInterface", message: error.message) : error,
                                     notOnBus: "install xdg-desktop-portal and xdg-desktop-portal-kde, which Plasma starts with the session",
                                     noPortal: "xdg-desktop-portal offers no GlobalShortcuts portal here: it needs xdg-desktop-portal "
                                         + "1.16 and a backend that has it (xdg-desktop-portal-kde 5.27 or later)",
                                     what: "the global shortcuts", portal: "GlobalShortcuts")
    }
}

extension GlobalShortcutsPortal {
    /// What a program not holding the session sees (`livetext desktop`): whether the portal offers
    /// GlobalShortcuts, and livetext's component in kglobalaccel (nil: none, or no kglobalaccel).
    public struct Survey: Sendable {
        /// Why the portal offers no GlobalShortcuts (nil: it does).
        public var unavailableReason: String?
        /// Why kglobalaccel does not answer (nil: it does).
        public var registryReason: String?
        public var component: KGlobalAccel.Component?

        public init(unavailableReason: String?, registryReason: String?, component: KGlobalAccel.Component?) {
            (self.unavailableReason, self.registryReason, self.component) = (unavailableReason, registryReason, component)
        }
    }

    /// Asks the session bus at `busAddress` (nil: this process's), 5 s at most. Blocking.
    public nonisolated static func survey(busAddress: String? = nil) -> Survey {
        let result = BlockingCall.result(within: .seconds(5)) { () -> Survey in
            let portal = GlobalShortcutsPortal(busAddress: busAddress)
            let reason = await portal.unavailableReason()
            var survey = Survey(unavailableReason: reason, registryReason: nil, component: nil)
            do {
                survey.component = try await portal.registry().component(endingWith: sessionToken)
            } catch let error as DBusError {
                survey.registryReason = KGlobalAccelShortcuts.refusal(error).message
            } catch {
                survey.registryReason = (error as? LiveTextError)?.message ?? "\(error)"
            }
            await portal.close()
            return survey
        }
        let failed = { (reason: String) in Survey(unavailableReason: reason, registryReason: reason, component: nil) }
        switch result {
        case .success(let survey): return survey
        case .failure(let error): return failed((error as? LiveTextError)?.message ?? "\(error)")
        case nil: return failed("the session bus did not answer within 5 s")
        }
    }
}
