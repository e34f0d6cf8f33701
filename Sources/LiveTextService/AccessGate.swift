import DBusKit
import LiveTextCore

/// What one member of the service's interfaces may have the daemon do for its caller. Every
/// method and writable property is in `LiveTextService.memberAccess`; the handlers are wrapped
/// by `LiveTextService.gated(_:record:)`, which establishes who the caller is, asks the user
/// when a sandboxed caller wants what it could not do itself, and only then runs the handler. A
/// member missing from the table is refused (and a test reads the introspection XML for them).
struct MemberAccess: Sendable {
    /// What the call asks for. `record`: the analysis object an `Analysis1` member was called on.
    typealias Purposes = @Sendable (_ call: GateCall, _ record: AnalysisRecord?) async throws -> [AccessPurpose]

    let purposes: Purposes
    /// Opens the file a request names before anyone is asked (`AnalyzeFile`, `Analyze`).
    var file: (@Sendable (GateCall) throws -> String?)?

    /// Touches only what the caller sent or owns.
    static let nothing = MemberAccess { _, _ in [] }

    /// A request with its `a{sv}` options at argument `index` (`copy`, `display`; decoded as the
    /// handler decodes them, `capturing` for `CaptureScreen`'s) and what its source needs.
    static func request(options index: Int, capturing: Bool = false,
                        _ source: @escaping @Sendable (GateCall) throws -> [AccessPurpose] = { _ in [] },
                        file: (@Sendable (GateCall) throws -> String?)? = nil) -> MemberAccess {
        MemberAccess(purposes: { call, _ in
            let options = call.arguments.count > index ? call[index].vardict ?? [:] : [:]
            return try source(call) + AccessPurpose.of(try AnalysisRequestOptions(decoding: options, capturing: capturing))
        }, file: file)
    }
}

/// A call the gate looks at: a method's, or a property's `Set` (its value the one argument).
struct GateCall: Sendable {
    let sender: String
    let arguments: [DBusValue]

    subscript(index: Int) -> DBusValue { arguments[index] }
}

/// What the gate established for the call being handled, for its handler.
struct AccessGrant: Sendable {
    let caller: CallerIdentity
    /// The file the call names, opened before anyone was asked.
    let file: GrantedFile?

    @TaskLocal static var current: AccessGrant?

    /// The file the handler is about to read; refused when the gate did not open it (a path
    /// that did not go through the gate is never read).
    static func file(_ path: String) throws -> GrantedFile {
        guard let file = current?.file, file.requested == path else {
            throw LiveTextError(.accessDenied, "\(path): not opened by the access gate")
        }
        return file
    }
}

extension AccessPurpose {
    /// What a request's options ask for beyond its source: a copy, another display.
    static func of(_ options: AnalysisRequestOptions) -> [AccessPurpose] {
        (options.copy ? [.copy] : []) + [options.display, options.xauthority, options.waylandDisplay].compactMap { $0 }.map { .display($0) }
    }

    /// What performing `action` does on the host.
    init(performing action: QuickAction) {
        switch action.kind {
        case .copy: self = .copy
        case .calendar: self = .open(kind: "a calendar event for", target: action.title)
        case .mail: self = .open(kind: "an email to", target: action.target)
        case .call: self = .open(kind: "a call to", target: action.target)
        case .map: self = .open(kind: "a map of", target: action.target)
        default: self = .open(kind: "the link", target: action.target)
        }
    }
}

extension LiveTextService {
    /// Every method and writable property of `org.livetext`'s interfaces, by `INTERFACE.MEMBER`,
    /// and what it may have the daemon do for its caller.
    static let memberAccess: [String: MemberAccess] = {
        let analyzer = ServiceNames.analyzer, analysis = ServiceNames.analysis, interaction = ServiceNames.interaction
        var table: [String: MemberAccess] = [
            "\(analyzer).AnalyzeFile": .request(options: 1, { call in [.file(try absolutePath(call[0].string ?? ""))] },
                                                file: { call in call[0].string }),
            "\(analyzer).AnalyzeImage": .request(options: 1),
            "\(analyzer).AnalyzeImageFd": .request(options: 1),
            "\(analyzer).AnalyzePixels": .request(options: 5),
            "\(analyzer).CaptureScreen": .request(options: 0, capturing: true, { _ in [.screen] }),
            "\(analyzer).AnalyzeClipboard": .request(options: 0, { _ in [.clipboard] }),
            // A press captures the screen and copies (or types) what it finds.
            "\(analyzer).PressHotkey": .request(options: 1, { _ in [.screen, .copy] }),
            "\(analyzer).Analyze": .request(options: 1, { call in
                switch try AnalysisSource(parsing: call[0].string ?? "") {
                case .file(let path): [.file(path)]
                case .clipboard: [.clipboard]
                case .capture: [.screen]
                }
            }, file: { call in
                if case .file(let path)? = try? AnalysisSource(parsing: call[0].string ?? "") { return path }
                return nil
            }),
            "\(analyzer).Detect": .nothing,
            "\(analysis).Wait": .nothing,
            "\(analysis).Cancel": .nothing,
            "\(analysis).Release": .nothing,
            "\(analysis).TextInRect": .nothing,
            "\(analysis).ItemAt": .nothing,
            "\(analysis).Copy": MemberAccess { _, _ in [.copy] },
            "\(analysis).PerformAction": MemberAccess { call, record in
                // An id the analysis lacks does nothing (the handler says so).
                guard let action = await record?.analysis?.actions.first(where: { $0.id == call[0].string }) else { return [] }
                return [AccessPurpose(performing: action)]
            },
        ]
        for property in InteractionProperty.all {
            table["\(interaction).\(property.name)"] = MemberAccess { _, _ in [.settings] }
        }
        return table
    }()

    /// An absolute path, or `InvalidArgs` (the daemon does not know the caller's directory).
    static func absolutePath(_ path: String) throws -> String {
        guard path.hasPrefix("/") else { throw LiveTextError(.invalidArgs, "'\(path)' is not an absolute path") }
        return path
    }

    /// `interface` with every method and property setter behind the access gate; `record`: the
    /// analysis object it is exported for.
    func gated(_ interface: DBusInterface, record: AnalysisRecord? = nil) -> DBusInterface {
        var gated = interface
        gated.methods = interface.methods.map { method in
            var method = method
            let handler = method.handler, member = "\(interface.name).\(method.name)"
            method.handler = { [weak self] call in
                guard let self else { throw DBusError.livetext(.unavailable, "the service is stopping") }
                let gate = GateCall(sender: call.sender, arguments: call.arguments)
                let grant = try await replying { try await self.admitCall(gate, member: member, record: record) }
                return try await AccessGrant.$current.withValue(grant) { try await handler(call) }
            }
            return method
        }
        gated.properties = interface.properties.map { property in
            guard let setter = property.set else { return property }
            var property = property
            let member = "\(interface.name).\(property.name)"
            property.set = { [weak self] value, sender in
                guard let self else { throw DBusError.livetext(.unavailable, "the service is stopping") }
                let call = GateCall(sender: sender, arguments: [value])
                let grant = try await replying { try await self.admitCall(call, member: member, record: record) }
                try await AccessGrant.$current.withValue(grant) { try await setter(value, sender) }
            }
            return property
        }
        return gated
    }

    /// The gate for one call: who the caller is, what the member asks for, and the user's
    /// consent when a sandboxed caller asks for what it could not do itself.
    private func admitCall(_ call: GateCall, member: String, record: AnalysisRecord?) async throws -> AccessGrant {
        guard let access = Self.memberAccess[member] else {
            throw LiveTextError(.accessDenied, "\(member) has no entry in the daemon's access table: refused")
        }
        let caller = await identify(call.sender)
        var purposes = try await access.purposes(call, record)
        let file = try access.file?(call).map { GrantedFile(opening: $0) }
        // The prompt names where the file really is.
        if let file { purposes = purposes.map { if case .file = $0 { .file(file.shownPath) } else { $0 } } }
        do {
            try await checkAccess(caller, sender: call.sender, for: purposes)
        } catch let error as LiveTextError {
            log.info("access: \(member) refused for \(caller): \(error.message)")
            throw error
        }
        return AccessGrant(caller: caller, file: file)
    }
}
