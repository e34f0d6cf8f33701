import DBusKit
import Foundation
import LiveTextCore
import LiveTextDesktop
import LiveTextEngines
import LiveTextService

/// The CLI as a client of `livetextd`: the daemon's warm engines, the same output.
struct DaemonClient: Sendable {
    let bus: DBusConnection

    /// A client when the session bus has `org.livetext` running or activatable; nil otherwise.
    static func connect() async -> DaemonClient? {
        guard let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty,
              let bus = try? await DBusConnection.connect(address: address) else { return nil }
        let client = DaemonClient(bus: bus)
        if await client.busCall("NameHasOwner", [.string(ServiceNames.busName)])?.first?.bool == true { return client }
        let activatable = await client.busCall("ListActivatableNames", [])?.first?.stringArray ?? []
        if activatable.contains(ServiceNames.busName) { return client }
        bus.close()
        return nil
    }

    private func busCall(_ member: String, _ arguments: [DBusValue]) async -> [DBusValue]? {
        try? await bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                            interface: "org.freedesktop.DBus", member: member, arguments: arguments,
                            timeout: .seconds(5))
    }

    /// Analyzes a file (`-`: stdin) on the daemon, waits, and reads back the analysis.
    func analyze(_ file: String, options: [String: DBusValue], perform: String?) async -> Result<ImageAnalysis, LiveTextError> {
        await result(name: file) {
            if file == "-" {
                let data = try ImageInput().readStandardInput()
                return try await analysis("AnalyzeImage", [.bytes([UInt8](data)), .vardict(options)], perform: perform)
            }
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            return try await analysis("AnalyzeFile", [.string(path), .vardict(options)], perform: perform)
        }
    }

    /// Captures on the daemon's display (an interactive selection waits for the user).
    func capture(_ request: CaptureRequest, options: [String: DBusValue], perform: String?) async -> Result<ImageAnalysis, LiveTextError> {
        var options = options
        switch request {
        case .select: options["interactive"] = .bool(true)
        case .pickWindow: options["pick_window"] = .bool(true)
        case .screen: break
        case .monitor(let index): options["monitor"] = .uint32(UInt32(index))
        case .window(let id): options["window"] = .uint64(UInt64(id))
        case .region(let r):
            options["region"] = .structure([.int32(Int32(clamping: r.x)), .int32(Int32(clamping: r.y)),
                                            .uint32(UInt32(clamping: r.width)), .uint32(UInt32(clamping: r.height))])
        }
        return await result(name: "capture") {
            try await analysis("CaptureScreen", [.vardict(options)], perform: perform)
        }
    }

    /// Analyzes the clipboard's image on the daemon.
    func clipboard(options: [String: DBusValue], perform: String?) async -> Result<ImageAnalysis, LiveTextError> {
        await result(name: "clipboard") {
            try await analysis("AnalyzeClipboard", [.vardict(options)], perform: perform)
        }
    }

    private func result(name: String, _ body: () async throws -> ImageAnalysis) async -> Result<ImageAnalysis, LiveTextError> {
        do {
            return .success(try await body())
        } catch let error as LiveTextError {
            return .failure(error)
        } catch let error as DBusError {
            return .failure(Self.localError(error, file: name))
        } catch {
            return .failure(LiveTextError(.failed, "\(name): \(error)"))
        }
    }

    /// Starts an analysis with `member`, waits for it, reads it back and releases it.
    private func analysis(_ member: String, _ arguments: [DBusValue], perform: String?) async throws -> ImageAnalysis {
        let reply = try await analyzer(member, arguments)
        guard let object = reply.first?.objectPath else { throw LiveTextError(.failed, "the daemon sent no analysis") }
        defer { Task { [bus] in _ = try? await Self.call(bus, object, "Release", []) } }
        _ = try await Self.call(bus, object, "Wait", [], timeout: .seconds(3600))
        let json = try await bus.call(destination: ServiceNames.busName, path: object,
                                      interface: "org.freedesktop.DBus.Properties", member: "Get",
                                      arguments: [.string(ServiceNames.analysis), .string("Json")])
        guard let text = json.first?.unwrapped.string,
              let analysis = try? JSONDecoder().decode(ImageAnalysis.self, from: Data(text.utf8)) else {
            throw LiveTextError(.failed, "the daemon's analysis could not be read")
        }
        if let perform { _ = try await Self.call(bus, object, "PerformAction", [.string(perform)]) }
        return analysis
    }

    private func analyzer(_ member: String, _ arguments: [DBusValue]) async throws -> [DBusValue] {
        try await bus.call(destination: ServiceNames.busName, path: ServiceNames.root, interface: ServiceNames.analyzer,
                           member: member, arguments: arguments)
    }

    private static func call(_ bus: DBusConnection, _ object: DBusObjectPath, _ member: String, _ arguments: [DBusValue],
                             timeout: Duration = DBusConnection.defaultTimeout) async throws -> [DBusValue] {
        try await bus.call(destination: ServiceNames.busName, path: object, interface: ServiceNames.analysis,
                           member: member, arguments: arguments, timeout: timeout)
    }

    /// `org.livetext.Error.NotFound` → the same error (and exit code) the in-process run gives.
    static func localError(_ error: DBusError, file: String) -> LiveTextError {
        if let code = LiveTextError.Code(dbusName: error.name) { return LiveTextError(code, error.message) }
        return LiveTextError(.failed, "\(file): the daemon answered \(error.description)")
    }

    /// The request options of these analysis options.
    static func options(_ configuration: ImageAnalyzer.Configuration) -> [String: DBusValue] {
        var options: [String: DBusValue] = [
            "types": .strings(configuration.types.description.split(separator: ",").map(String.init)),
        ]
        // None named: the daemon's settings (automatic by default) decide.
        if !configuration.languages.isAutomatic { options["languages"] = .strings(configuration.languages.names) }
        if let only = configuration.only { options["only"] = .strings(only.sorted()) }
        return options
    }
}
