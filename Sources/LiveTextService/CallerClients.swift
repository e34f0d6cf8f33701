import DBusKit

/// The client, a process, behind each bus connection that calls: the limits are a client's, so
/// a program that opens sixteen connections has one share, not sixteen.
actor CallerClients {
    private let bus: DBusConnection
    private var clients: [String: String] = [:]

    init(bus: DBusConnection) {
        self.bus = bus
    }

    /// `pid N` for the connection `sender`; the connection's own name when the bus does not say
    /// (a peer on another machine over TCP).
    func client(of sender: String) async -> String {
        if let known = clients[sender] { return known }
        let client = (try? await bus.unixProcessID(of: sender)).map { "pid \($0)" } ?? sender
        clients[sender] = client
        return client
    }

    /// Forgets a connection that left the bus.
    func forget(_ sender: String) {
        clients[sender] = nil
    }
}
