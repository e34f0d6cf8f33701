import DBusKit
import Foundation
import LiveTextCore
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
        do {
            let reply: [DBusValue]
            if file == "-" {
                let data = try ImageInput().readStandardInput()
                reply = try await analyzer("AnalyzeImage", [.bytes([UInt8](data)), .vardict(options)])
            } else {
                let path = URL(fileURLWithPath: file).standardizedFileURL.path
                reply = try await analyzer("AnalyzeFile", [.string(path), .vardict(options)])
            }
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
            return .success(analysis)
        } catch let error as LiveTextError {
            return .failure(error)
        } catch let error as DBusError {
            return .failure(Self.localError(error, file: file))
        } catch {
            return .failure(LiveTextError(.failed, "\(file): \(error)"))
        }
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
            "languages": .strings(configuration.languages.names),
        ]
        if let only = configuration.only { options["only"] = .strings(only.sorted()) }
        return options
    }
}
